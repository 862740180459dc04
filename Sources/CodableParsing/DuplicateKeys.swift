/// Finds object keys written more than once in a record.
///
/// RFC 8259 leaves duplicate keys' meaning open: `convert` keeps them as written, `validate`
/// reports them. Keys are compared after escapes are resolved (`"a"` and `"\u0061"` are the
/// same key).
public enum DuplicateKeys {
    /// A key that repeats an earlier key of the same object.
    public struct Duplicate: Sendable, Equatable {
        /// The key, decoded.
        public var key: String
        /// Node index of the repeated key.
        public var node: Int
        /// Node index of the key's first occurrence.
        public var firstNode: Int
    }

    /// Every repeated key in `record`, in document order.
    public static func find(in record: Record) -> [Duplicate] {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var duplicates: [Duplicate] = []
                let end = record.root + nodes[record.root].span
                for index in record.root..<end where nodes[index].kind == .object && nodes[index].count > 1 {
                    findDuplicates(inObject: index, nodes: nodes, bytes: bytes, into: &duplicates)
                }
                return duplicates
            }
        }
    }

    private static func findDuplicates(inObject object: Int, nodes: UnsafeBufferPointer<JSONNode>, bytes: UnsafeBufferPointer<UInt8>, into duplicates: inout [Duplicate]) {
        var seen: [[UInt8]: Int] = [:]
        var child = object + 1
        for _ in 0..<Int(nodes[object].count) {
            let key = nodes[child].stringBytes(in: bytes.baseAddress!)
            if let first = seen[key] {
                duplicates.append(Duplicate(key: String(decoding: key, as: UTF8.self), node: child, firstNode: first))
            } else {
                seen[key] = child
            }
            child += 1 + nodes[child + 1].span
        }
    }
}
