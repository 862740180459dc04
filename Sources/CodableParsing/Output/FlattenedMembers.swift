/// An object's members with its nested objects flattened, as a flattening writer writes them: each
/// leaf (a member whose value is not a non-empty object) under the names on its way joined by a
/// separator, depth first, in source order (`{"a":{"x":1},"b":2}` gives `a.x` then `b`).
/// Arrays and empty objects are leaves; objects inside arrays are not flattened.
///
/// One walk for the flattener that rebuilds a record's tape and for the writers that flatten as
/// they write (`RecordEdit.flattening`), so that both give the same members.
public enum FlattenedMembers {
    /// Whether flattening changes the value at `root`: it is an object with a member whose value
    /// is a non-empty object.
    public static func change<Nodes: JSONNodeSource>(_ root: Int, in nodes: Nodes) -> Bool {
        guard nodes.node(at: root).kind == .object else { return false }
        for key in JSONNode.children(of: root, in: nodes) {
            let value = nodes.node(at: key + 1)
            if value.kind == .object && value.size > 0 { return true }
        }
        return false
    }

    /// Calls `body` for each leaf of the object at `root`, in order, with its key node, its value
    /// node, and its joined name: nil for a member of the root object itself (its key is kept as
    /// written), else the unescaped names of the keys on its way, joined by `separator`. `path`
    /// is scratch space, reused across calls. Iterative: any depth the scanner accepted is walked
    /// without recursion.
    ///
    /// `sortedByName`: in code-point order of the leaves' names (equal names in source order),
    /// as a writer that sorts keys writes the flattened object.
    @inline(__always)
    public static func forEach<Nodes: JSONNodeSource, Failure: Error>(
        of root: Int, in nodes: Nodes, bytes: UnsafePointer<UInt8>, separator: [UInt8], sortedByName: Bool = false,
        path: inout [UInt8], _ body: (_ key: Int, _ value: Int, _ joinedName: [UInt8]?) throws(Failure) -> Void
    ) throws(Failure) {
        guard !sortedByName else {
            // A leaf is its key node; its value node follows it, and its joined name is found again.
            var order = KeyOrder(base: root)
            var joined = NodeSet(from: root)
            forEach(of: root, in: nodes, bytes: bytes, separator: separator, path: &path) { key, _, joinedName in
                if let joinedName {
                    order.append(joinedName, id: key)
                    joined.insert(key)
                } else {
                    nodes.node(at: key).withStringBytes(in: bytes) { order.append($0, id: key) }
                }
            }
            try order.forEachInOrder { (key, name) throws(Failure) in
                try body(key, key + 1, joined.contains(key) ? Array(name) : nil)
            }
            return
        }
        var frames: [(end: Int, next: Int, pathCount: Int)] = []
        var key = root + 1
        var end = root + nodes.node(at: root).span
        path.removeAll(keepingCapacity: true)
        while true {
            while key < end {
                let value = key + 1
                let node = nodes.node(at: value)
                if node.kind == .object && node.size > 0 {
                    frames.append((end, value + node.span, path.count))
                    nodes.node(at: key).withStringBytes(in: bytes) { path.append(contentsOf: $0) }
                    path.append(contentsOf: separator)
                    key = value + 1
                    end = value + node.span
                    continue
                }
                if frames.isEmpty {
                    try body(key, value, nil)
                } else {
                    let before = path.count
                    nodes.node(at: key).withStringBytes(in: bytes) { path.append(contentsOf: $0) }
                    try body(key, value, path)
                    path.removeSubrange(before...)
                }
                key = value + node.span
            }
            guard let frame = frames.popLast() else { return }
            end = frame.end
            key = frame.next
            path.removeSubrange(frame.pathCount...)
        }
    }
}
