import Foundation

/// Where a subschema sits: a document and a node of its tape.
struct SchemaPosition: Hashable {
    var document: Int
    var node: Int
}

/// What scanning learnt about a subschema: its base URI, where it is in its resource and its
/// document, and the dialect in force there.
struct ScanInfo {
    var base: String
    var resourcePointer: String
    var documentPointer: String
    var draft: SchemaDraft
    var validationVocabulary: Bool
    var formatAssertion: Bool
    var resource: SchemaPosition
}

/// Every schema document the compilation touched, their resources (`$id`), anchors and dynamic
/// anchors, and the loading of remote documents: from the schema folder, else through the
/// remote loader when there is one.
final class SchemaRegistry {
    var documents: [SchemaDocument] = []
    var scanned: [SchemaPosition: ScanInfo] = [:]
    var resources: [String: SchemaPosition] = [:]
    var anchors: [String: SchemaPosition] = [:]
    /// Resource root -> dynamic anchor name -> subschema.
    var dynamicAnchors: [SchemaPosition: [String: SchemaPosition]] = [:]
    let directory: String
    /// The dynamic anchor name a 2019-09 `$recursiveAnchor: true` stands for (no `$dynamicAnchor`
    /// can be spelt so).
    static let recursiveAnchor = "$recursiveAnchor"
    /// The schema folder's files by `$id`, read on the first reference its paths miss.
    private var directoryIndex: SchemaDirectoryIndex?

    /// Fetches `http`/`https` documents no local file provides (nil: none are fetched).
    let remoteLoader: (any SchemaRemoteLoader)?

    init(directory: String, remoteLoader: (any SchemaRemoteLoader)? = nil) {
        self.directory = directory
        self.remoteLoader = remoteLoader
    }

    /// Adds a parsed document and scans it, with `draft` unless it names its own.
    @discardableResult
    func add(_ document: SchemaDocument, draft: SchemaDraft) throws(SchemaError) -> SchemaPosition {
        documents.append(document)
        let root = SchemaPosition(document: documents.count - 1, node: document.root)
        resources[document.uri] = root
        let info = ScanInfo(
            base: document.uri, resourcePointer: "", documentPointer: "", draft: draft, validationVocabulary: true,
            formatAssertion: false, resource: root)
        try scan(root, inherited: info)
        return root
    }

    /// The document retrieved as `uri`: already known, a bundled metaschema, a file in the
    /// schema folder (`http://host/a/b.json` -> `DIRECTORY/a/b.json`; `file:` URIs directly), or
    /// else the file of the schema folder whose top-level `$id` is `uri`.
    func load(_ uri: String, draft: SchemaDraft) throws(SchemaError) -> SchemaPosition? {
        if let known = resources[uri] { return known }
        if let text = Metaschemas.bundled[uri] ?? Metaschemas.older[uri] {
            let document = try SchemaDocument(bytes: Array(text.utf8), file: uri, uri: uri)
            return try add(document, draft: SchemaDraft.named(uri) ?? draft)
        }
        let reference = URIReference(uri)
        var path: String?
        switch reference.scheme?.lowercased() {
        case "file": path = URIReference.percentDecoded(reference.path)
        case "http", "https": path = directory + URIReference.percentDecoded(reference.path)
        default: path = nil
        }
        var data = path.flatMap { FileManager.default.contents(atPath: $0) }
        if data == nil, reference.scheme?.lowercased() != "file" {
            if directoryIndex == nil { directoryIndex = SchemaDirectoryIndex(directory: directory) }
            path = directoryIndex?.files[uri]
            data = path.flatMap { FileManager.default.contents(atPath: $0) }
        }
        if let path, let data {
            return try add(SchemaDocument(bytes: [UInt8](data), file: path, uri: uri), draft: draft)
        }
        guard let remoteLoader, ["http", "https"].contains(reference.scheme?.lowercased() ?? "") else { return nil }
        let bytes: [UInt8]
        do { bytes = try remoteLoader.schemaBytes(at: uri) } catch {
            throw SchemaError(
                file: uri, pointer: "", message: "cannot fetch the schema \(uri): \(error.reason)", fetchFailure: error)
        }
        return try add(SchemaDocument(bytes: bytes, file: uri, uri: uri), draft: draft)
    }

    /// Records `$id`, `$anchor` and `$dynamicAnchor` of `position` and everything below it.
    func scan(_ position: SchemaPosition, inherited: ScanInfo) throws(SchemaError) {
        let document = documents[position.document]
        var info = inherited
        guard document.kind(position.node) == .object else {
            scanned[position] = info
            return
        }
        let members = document.members(position.node)
        func value(_ key: String) -> Int? { members.last(where: { $0.key == key })?.value }
        if let schema = value("$schema"), document.kind(schema) == .string {
            try applyDialect(document.string(schema), to: &info)
        }
        let hasRef = value("$ref") != nil
        if let id = value(info.draft.idKeyword), document.kind(id) == .string, !(info.draft.isClassic && hasRef) {
            let resolved = URIReference(info.base).resolving(URIReference(document.string(id)))
            let uri = resolved.withoutFragment.text
            let fragment = resolved.fragment ?? ""
            if info.draft.isClassic && !fragment.isEmpty {
                if !document.string(id).hasPrefix("#") { setResource(uri, position, &info) }
                anchors[uri + "#" + fragment] = position
            } else {
                setResource(uri, position, &info)
            }
        }
        if info.draft.defines("$anchor"), let anchor = value("$anchor"), document.kind(anchor) == .string {
            anchors[info.base + "#" + document.string(anchor)] = position
        }
        if info.draft.defines("$recursiveAnchor"), let anchor = value("$recursiveAnchor"),
            document.kind(anchor) == .true, info.resource == position
        {
            dynamicAnchors[info.resource, default: [:]][Self.recursiveAnchor] = position
        }
        if info.draft == .draft2020 {
            if let anchor = value("$dynamicAnchor"), document.kind(anchor) == .string {
                let name = document.string(anchor)
                anchors[info.base + "#" + name] = position
                dynamicAnchors[info.resource, default: [:]][name] = position
            }
        }
        scanned[position] = info
        for member in members {
            let pointer = "/" + Self.escape(member.key)
            for (child, suffix) in Self.subschemas(member.key, member.value, in: document, draft: info.draft) {
                var childInfo = info
                childInfo.resourcePointer += pointer + suffix
                childInfo.documentPointer += pointer + suffix
                try scan(SchemaPosition(document: position.document, node: child), inherited: childInfo)
            }
        }
    }

    private func setResource(_ uri: String, _ position: SchemaPosition, _ info: inout ScanInfo) {
        info.base = uri
        info.resourcePointer = ""
        info.resource = position
        if resources[uri] == nil { resources[uri] = position }
    }

    /// `$schema`: a known draft, or a custom metaschema whose `$vocabulary` decides.
    private func applyDialect(_ uri: String, to info: inout ScanInfo) throws(SchemaError) {
        if let draft = SchemaDraft.named(uri) {
            info.draft = draft
            info.validationVocabulary = true
            return
        }
        let target = URIReference(uri).withoutFragment.text
        guard let metaschema = try load(target, draft: .draft2020) else { return }
        let document = documents[metaschema.document]
        if let inner = document.member(metaschema.node, "$schema"), document.kind(inner) == .string,
            let draft = SchemaDraft.named(document.string(inner))
        {
            info.draft = draft
        }
        if let vocabulary = document.member(metaschema.node, "$vocabulary") {
            let names = document.members(vocabulary).map(\.key)
            info.validationVocabulary = names.contains { $0.hasSuffix("/vocab/validation") }
            info.formatAssertion = names.contains { $0.hasSuffix("/vocab/format-assertion") }
        }
    }

    /// The subschemas a keyword holds, with the pointer suffix below the keyword.
    static func subschemas(_ key: String, _ value: Int, in document: SchemaDocument, draft: SchemaDraft) -> [(
        Int, String
    )] {
        guard draft.defines(key) else { return [] }
        switch key {
        case "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else",
            "unevaluatedItems", "unevaluatedProperties", "additionalItems":
            return [(value, "")]
        case "items":
            if document.kind(value) == .array { return document.elements(value).enumerated().map { ($1, "/\($0)") } }
            return [(value, "")]
        case "allOf", "anyOf", "oneOf", "prefixItems":
            return document.elements(value).enumerated().map { ($1, "/\($0)") }
        case "$defs", "definitions", "properties", "patternProperties", "dependentSchemas":
            return document.members(value).map { ($0.value, "/" + escape($0.key)) }
        case "dependencies":
            return document.members(value).filter { document.kind($0.value) != .array }.map {
                ($0.value, "/" + escape($0.key))
            }
        default:
            return []
        }
    }

    /// A JSON Pointer reference token.
    static func escape(_ key: String) -> String {
        // Looked for byte by byte: `contains("~")` with a string goes through Foundation's
        // `range(of:)`, a noticeable share of `validate`'s time when every record has a problem.
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
