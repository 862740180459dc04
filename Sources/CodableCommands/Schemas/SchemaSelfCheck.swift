import CodableParsing
import CodableSchema
import Foundation

/// `validate --check-schema`: a schema file, and every file its `$ref`s name by a relative
/// path, checked against the metaschema of the draft its `$schema` names (2020-12 when it names
/// none or one that is not bundled), each problem at its line and column in the schema file.
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

    /// Checks `path` and the files it refers to.
    init(path: String) throws(CommandFailure) {
        var pending = [URL(fileURLWithPath: path).standardizedFileURL.path]
        var seen = Set(pending)
        var names = [pending[0]: path]
        while !pending.isEmpty {
            let file = pending.removeFirst()
            let name = names[file] ?? file
            files.append(name)
            guard let references = try check(file, named: name) else { continue }
            let folder = (file as NSString).deletingLastPathComponent
            for reference in references {
                let target = URL(fileURLWithPath: reference, relativeTo: URL(fileURLWithPath: folder + "/"))
                    .standardizedFileURL.path
                guard FileManager.default.fileExists(atPath: target), seen.insert(target).inserted else { continue }
                pending.append(target)
                let nameFolder = (name as NSString).deletingLastPathComponent
                names[target] = nameFolder.isEmpty ? reference : nameFolder + "/" + reference
            }
        }
    }

    /// Checks one schema file against its metaschema and returns the relative file paths its
    /// `$ref`s name (nil when it could not be read as one JSON value: that is a problem too).
    private mutating func check(_ file: String, named name: String) throws(CommandFailure) -> [String]? {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .unreadableModel(place: name, reason: "cannot read schema")
        }
        let reader = RecordReader(
            source: InMemoryByteSource(Array(data)), options: RecordReaderOptions(framing: .jsonStream))
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
                        place: "\(name):\(location.line):\(location.column)", message: "not JSON: \(reason)",
                        detail: nil))
            } else {
                problems.append(
                    .invalidDefinition(place: name, message: "cannot read the schema: \(error)", detail: nil))
            }
            return nil
        }
        let record = batch[0]
        let root = Int(batch.roots[0])
        let metaschema = try Self.metaschema(named: Self.string(member: "$schema", of: root, in: batch))
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
            throw .invalidDefinition(place: "metaschema", message: error.message, detail: nil)
        }
    }

    /// The string value of member `key` of the object at `node`, if any.
    private static func string(member key: String, of node: Int, in batch: RecordBatch) -> String? {
        guard batch.nodes[node].kind == .object else { return nil }
        return batch.bytes.withUnsafeBufferPointer { bytes -> String? in
            for child in batch.nodes.children(of: node)
            where batch.nodes[child].stringValue(in: bytes.baseAddress!) == key {
                guard batch.nodes[child + 1].kind == .string else { return nil }
                return batch.nodes[child + 1].stringValue(in: bytes.baseAddress!)
            }
            return nil
        }
    }

    /// Every `$ref` string under `node` that names another file by a relative path (no scheme),
    /// its fragment dropped.
    private static func relativeReferences(in batch: RecordBatch, from node: Int) -> [String] {
        var references: [String] = []
        var stack = [node]
        while let current = stack.popLast() {
            switch batch.nodes[current].kind {
            case .object:
                for key in batch.nodes.children(of: current) {
                    let value = key + 1
                    let name = batch.bytes.withUnsafeBufferPointer { batch.nodes[key].stringValue(in: $0.baseAddress!) }
                    if name == "$ref", batch.nodes[value].kind == .string {
                        let text = batch.bytes.withUnsafeBufferPointer {
                            batch.nodes[value].stringValue(in: $0.baseAddress!)
                        }
                        let path = String(text.prefix { $0 != "#" })
                        if !path.isEmpty && !path.contains(":") { references.append(path) }
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
