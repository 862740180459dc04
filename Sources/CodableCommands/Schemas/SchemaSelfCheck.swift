import CodableParsing
import CodableSchema
import Foundation

/// `validate --check-schema`: a schema (a file or a URL), and every schema its `$ref`s name (by
/// relative path, or by `http(s)` URL, fetched and cached as compiling does), checked against
/// the metaschema of the draft its `$schema` names (2020-12 when it names none or one that is
/// not bundled), each problem at its line and column in that schema.
struct SchemaSelfCheck {
    /// The problems found, as `invalidDefinition` failures ready to print, in file order.
    private(set) var problems: [CommandFailure] = []
    /// The files checked, in the order they were reached.
    private(set) var files: [String] = []

    /// The metaschema URIs bundled, by the `$schema` values that name them (with or without
    /// the empty fragment, over http or https).
    private static let metaschemas: [String: String] = {
        var uris: [String: String] = [:]
        for uri in [
            "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
            "http://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema",
            "http://json-schema.org/draft-04/schema",
        ] {
            let https = uri.replacingOccurrences(of: "http://", with: "https://")
            let http = uri.replacingOccurrences(of: "https://", with: "http://")
            for name in [http, https, http + "#", https + "#"] { uris[name] = uri }
        }
        return uris
    }()

    /// Checks `path` (a file, or an `http`/`https` URL fetched through `loader`) and the
    /// schemas it refers to: files by relative path, and `http(s)` schemas through `loader`
    /// (the bundled metaschemas aside).
    init(path: String, loader: any SchemaRemoteLoader) throws(CommandFailure) {
        var pending = [Self.source(path)]
        var seen = Set(pending.map(\.key))
        var names = [pending[0].key: path]
        while !pending.isEmpty {
            let source = pending.removeFirst()
            let name = names[source.key] ?? source.key
            files.append(name)
            guard let references = try check(try Self.bytes(of: source, named: name, loader: loader), named: name)
            else { continue }
            for reference in references {
                guard let target = Self.target(of: reference, from: source, named: name),
                    !Self.isBundled(target.source.key), seen.insert(target.source.key).inserted
                else { continue }
                if case .file(let file) = target.source, !FileManager.default.fileExists(atPath: file) { continue }
                pending.append(target.source)
                names[target.source.key] = target.name
            }
        }
    }

    /// Where a schema comes from.
    private enum Source {
        case file(String)
        case url(String)

        /// The absolute path or the URL (no fragment).
        var key: String {
            switch self {
            case .file(let path): path
            case .url(let url): url
            }
        }
    }

    private static func source(_ path: String) -> Source {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return .url(String(path.prefix { $0 != "#" })) }
        return .file(URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// What `reference` (a `$ref` of the schema from `source`, shown as `name`, without its
    /// fragment) names, and how to show it; nil for a reference that is not to a document
    /// (a `urn:`, a `#` fragment alone).
    private static func target(of reference: String, from source: Source, named name: String) -> (
        source: Source, name: String
    )? {
        if reference.hasPrefix("http://") || reference.hasPrefix("https://") {
            return (.url(reference), reference)
        }
        guard !reference.contains(":") else { return nil }
        switch source {
        case .file(let file):
            let folder = (file as NSString).deletingLastPathComponent
            let path = URL(fileURLWithPath: reference, relativeTo: URL(fileURLWithPath: folder + "/"))
                .standardizedFileURL.path
            let nameFolder = (name as NSString).deletingLastPathComponent
            return (.file(path), nameFolder.isEmpty ? reference : nameFolder + "/" + reference)
        case .url(let base):
            guard let url = URL(string: reference, relativeTo: URL(string: base))?.absoluteString else { return nil }
            return (.url(url), url)
        }
    }

    /// Whether `uri` is a metaschema bundled with codable (checked as code, not as input).
    private static func isBundled(_ uri: String) -> Bool {
        metaschemas[uri] != nil || uri.hasPrefix("https://json-schema.org/") || uri.hasPrefix("http://json-schema.org/")
    }

    /// The bytes of a schema file or URL.
    private static func bytes(of source: Source, named name: String, loader: any SchemaRemoteLoader)
        throws(CommandFailure) -> [UInt8]
    {
        switch source {
        case .file(let file):
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadableModel(place: name, reason: "cannot read schema")
            }
            return Array(data)
        case .url(let url):
            do { return try loader.schemaBytes(at: url) } catch {
                throw .unreadableModel(place: url, reason: "cannot fetch schema: \(error.reason)")
            }
        }
    }

    /// Checks one schema against its metaschema and returns the documents its `$ref`s name
    /// (fragments dropped; nil when it could not be read as one JSON value: that is a problem
    /// too).
    private mutating func check(_ bytes: [UInt8], named name: String) throws(CommandFailure) -> [String]? {
        let reader = RecordReader(source: InMemoryByteSource(bytes), options: RecordReaderOptions(framing: .jsonStream))
        let batch: RecordBatch
        do throws(RecordReadError) {
            guard let first = try reader.nextBatch(), first.count > 0 else {
                problems.append(.invalidDefinition(place: "\(name):1:1", message: "the schema is empty", detail: nil))
                return nil
            }
            batch = first
        } catch {
            if case .malformed(let reason, let location, _) = error {
                problems.append(
                    .invalidDefinition(
                        place: "\(name):\(location.line):\(location.column)",
                        message: "not JSON: \(reason.printedMessage)",
                        detail: nil))
            } else {
                problems.append(
                    .invalidDefinition(place: name, message: "cannot read the schema: \(error)", detail: nil))
            }
            return nil
        }
        let record = batch[0]
        let root = Int(batch.roots[0])
        let metaschema = try Self.metaschema(named: batch.stringMember("$schema", of: root))
        for violation in metaschema.validate(record, limit: 1000) {
            let location = batch.location(ofNode: violation.node)
            let pointer = violation.instancePath.isEmpty ? "the root" : "#" + violation.instancePath
            problems.append(
                .invalidDefinition(
                    place: "\(name):\(location.line):\(location.column)", message: violation.message,
                    detail: "at \(pointer) (metaschema \(violation.keywordLocation))"))
        }
        return Self.relativeReferences(in: batch, from: root)
    }

    /// The metaschema `$schema` names, compiled once per draft.
    private static func metaschema(named value: String?) throws(CommandFailure) -> CompiledSchema {
        let uri = value.flatMap { metaschemas[$0] } ?? "https://json-schema.org/draft/2020-12/schema"
        do {
            return try CompiledSchema(
                bytes: Array(#"{"$ref": "\#(uri)"}"#.utf8), name: "metaschema", options: SchemaOptions())
        } catch {
            throw .invalidDefinition(place: "metaschema", message: error.printedMessage, detail: nil)
        }
    }

    /// Every `$ref` string under `node` that names another document, its fragment dropped.
    private static func relativeReferences(in batch: RecordBatch, from node: Int) -> [String] {
        var references: [String] = []
        var stack = [node]
        while let current = stack.popLast() {
            switch batch.nodes[current].kind {
            case .object:
                for key in batch.nodes.children(of: current) {
                    let value = key + 1
                    if batch.string(at: key) == "$ref", batch.nodes[value].kind == .string {
                        let document = String(batch.string(at: value).prefix { $0 != "#" })
                        if !document.isEmpty { references.append(document) }
                    } else {
                        stack.append(value)
                    }
                }
            case .array: stack += batch.nodes.children(of: current)
            default: break
            }
        }
        return references.reversed()
    }
}
