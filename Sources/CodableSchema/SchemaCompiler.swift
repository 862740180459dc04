import CodableParsing

/// Turns scanned schema documents into `CompiledNode`s: keywords type-checked and converted,
/// subschemas and `$ref`s resolved to node indices, regexes compiled, constants copied.
final class SchemaCompiler {
    let registry: SchemaRegistry
    let options: SchemaOptions
    var nodes: [CompiledNode] = []
    private var memo: [SchemaPosition: Int32] = [:]
    var segments: [String] = ["", "/$ref", "/$dynamicRef", "/$recursiveRef"]
    private var segmentIndex: [String: Int32] = ["": 0, "/$ref": 1, "/$dynamicRef": 2, "/$recursiveRef": 3]
    private var resourceIndex: [SchemaPosition: Int32] = [:]
    var resourcePositions: [SchemaPosition] = []
    var anchorNames: [String: Int] = [:]
    /// Resource -> dynamic anchor id -> compiled node.
    var dynamicTable: [[Int: Int32]] = []
    /// Subschemas applied to the same instance value (for `$ref` cycle detection).
    var inPlaceEdges: [Int32: [Int32]] = [:]
    /// Where each node's `$ref`/`$dynamicRef` is, for locating a cycle.
    var refSites: [Int32: (SchemaPosition, String, String)] = [:]
    var usesUnevaluated = false

    static let refSegment: Int32 = 1
    static let dynamicRefSegment: Int32 = 2
    static let recursiveRefSegment: Int32 = 3

    init(registry: SchemaRegistry, options: SchemaOptions) {
        self.registry = registry
        self.options = options
    }

    /// Compiles the schema at `position` (once; later calls return the same index).
    func compile(_ position: SchemaPosition) throws(SchemaError) -> Int32 {
        if let known = memo[position] { return known }
        let document = registry.documents[position.document]
        guard let info = registry.scanned[position] else {
            throw document.error(at: position.node, pointer: "", "internal: subschema was not scanned")
        }
        let index = Int32(nodes.count)
        memo[position] = index
        let resource = resourceID(info.resource)
        nodes.append(
            CompiledNode(
                boolean: nil, keywords: [], absoluteLocation: info.base + "#" + info.resourcePointer, resource: resource
            ))
        switch document.kind(position.node) {
        case .true: nodes[Int(index)].boolean = true
        case .false: nodes[Int(index)].boolean = false
        case .object:
            var builder = KeywordBuilder(
                compiler: self, document: document, position: position, info: info, index: index)
            let keywords = try builder.build()
            nodes[Int(index)].keywords = keywords
        default:
            throw document.error(
                at: position.node, pointer: info.documentPointer,
                "a schema must be an object or a boolean, found \(document.kind(position.node).phrase)")
        }
        return index
    }

    /// Compiles every `$dynamicAnchor` of every resource reached, until nothing new appears.
    func compileDynamicAnchors() throws(SchemaError) {
        var done = 0
        while done < resourcePositions.count {
            let position = resourcePositions[done]
            while dynamicTable.count <= done { dynamicTable.append([:]) }
            for (name, anchorPosition) in registry.dynamicAnchors[position] ?? [:] {
                let id = anchorID(name)
                dynamicTable[done][id] = try compile(anchorPosition)
            }
            done += 1
        }
    }

    func resourceID(_ position: SchemaPosition) -> Int32 {
        if let known = resourceIndex[position] { return known }
        let id = Int32(resourcePositions.count)
        resourceIndex[position] = id
        resourcePositions.append(position)
        return id
    }

    func anchorID(_ name: String) -> Int {
        if let known = anchorNames[name] { return known }
        anchorNames[name] = anchorNames.count
        return anchorNames.count - 1
    }

    func segment(_ text: String) -> Int32 {
        if let known = segmentIndex[text] { return known }
        segments.append(text)
        segmentIndex[text] = Int32(segments.count - 1)
        return Int32(segments.count - 1)
    }

    /// Resolves a `$ref`/`$dynamicRef` value against the base URI in force.
    func resolve(_ reference: String, info: ScanInfo, document: SchemaDocument, at node: Int, pointer: String)
        throws(SchemaError) -> SchemaPosition
    {
        let target = URIReference(info.base).resolving(URIReference(reference))
        let uri = target.withoutFragment.text
        let fragment = URIReference.percentDecoded(target.fragment ?? "")
        var found = registry.resources[uri]
        if found == nil { found = try registry.load(uri, draft: info.draft) }
        guard let root = found else {
            throw document.error(
                at: node, pointer: pointer,
                "$ref \"\(reference)\" resolves nowhere: no schema has the URI \(uri)" + localHint(uri))
        }
        if fragment.isEmpty { return root }
        if fragment.hasPrefix("/") {
            guard let found = try navigate(root, fragment) else {
                throw document.error(
                    at: node, pointer: pointer,
                    "$ref \"\(reference)\" resolves nowhere: \(uri) has nothing at \(fragment)")
            }
            return found
        }
        guard let anchored = registry.anchors[uri + "#" + fragment] else {
            throw document.error(
                at: node, pointer: pointer,
                "$ref \"\(reference)\" resolves nowhere: no anchor \"\(fragment)\" in \(uri)")
        }
        return anchored
    }

    private func localHint(_ uri: String) -> String {
        let reference = URIReference(uri)
        switch reference.scheme?.lowercased() {
        case "http", "https":
            return
                " (looked for \(registry.directory + URIReference.percentDecoded(reference.path)) and for a file of \(registry.directory) with that $id; and none was fetched: this run fetches nothing)"
        case "file": return " (no such file: \(URIReference.percentDecoded(reference.path)))"
        default: return " (and no file of \(registry.directory) has it as its $id)"
        }
    }

    /// Follows a JSON Pointer from a resource root; scans the target if it was not reached by
    /// scanning (a pointer into a non-schema keyword).
    private func navigate(_ root: SchemaPosition, _ pointer: String) throws(SchemaError) -> SchemaPosition? {
        let document = registry.documents[root.document]
        guard var info = registry.scanned[root] else { return nil }
        var node = root.node
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch document.kind(node) {
            case .object:
                guard let value = document.member(node, token) else { return nil }
                node = value
            case .array:
                guard let index = Int(token), index >= 0, index < document.elements(node).count else { return nil }
                node = document.elements(node)[index]
            default:
                return nil
            }
            let position = SchemaPosition(document: root.document, node: node)
            if let known = registry.scanned[position] {
                info = known
            } else {
                info.resourcePointer += "/" + SchemaRegistry.escape(token)
                info.documentPointer += "/" + SchemaRegistry.escape(token)
            }
        }
        let target = SchemaPosition(document: root.document, node: node)
        if registry.scanned[target] == nil { try registry.scan(target, inherited: info) }
        return target
    }

    /// Fails on a cycle of subschemas applied to the same value (`{"$ref": "#"}`), which
    /// would never finish.
    func checkCycles() throws(SchemaError) {
        var state = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on the path, 2 done
        for start in 0..<nodes.count where state[start] == 0 {
            var stack: [(Int32, Int)] = [(Int32(start), 0)]
            state[start] = 1
            while let (node, next) = stack.last {
                let edges = inPlaceEdges[node] ?? []
                if next < edges.count {
                    stack[stack.count - 1].1 += 1
                    let target = edges[next]
                    if state[Int(target)] == 1 {
                        let cycle = stack.map(\.0).drop(while: { $0 != target })
                        let site = cycle.compactMap { refSites[$0] }.first ?? refSites[node]
                        if let (position, pointer, reference) = site {
                            throw registry.documents[position.document].error(
                                at: position.node, pointer: pointer,
                                "$ref cycle: \"\(reference)\" leads back to itself without descending into the value, so validation would never end"
                            )
                        }
                    } else if state[Int(target)] == 0 {
                        state[Int(target)] = 1
                        stack.append((target, 0))
                    }
                } else {
                    state[Int(node)] = 2
                    stack.removeLast()
                }
            }
        }
    }
}
