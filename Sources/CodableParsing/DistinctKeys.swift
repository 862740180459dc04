/// The keys of one object, checked distinct as they come: a hash table of their key nodes (4
/// bytes a slot, at most half full), names compared in the record's bytes, so that checking a
/// record of a million keys holds no copy of them (`--unflatten`'s pass-through check, a
/// decoded dictionary's first-of-equal keys).
public struct DistinctKeys {
    private var table: [Int32]

    /// Room for `count` keys.
    public init(count: Int) {
        var size = 16
        while size < 2 * count { size *= 2 }
        table = [Int32](repeating: -1, count: size)
    }

    /// Adds the key node `key`, named `name` (unescaped); false when an earlier key has that
    /// name. At most `count` keys are added.
    public mutating func insert<Nodes: JSONNodeSource>(
        _ key: Int, named name: UnsafeBufferPointer<UInt8>, nodes: Nodes, base: UnsafePointer<UInt8>
    ) -> Bool {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        let mask = table.count - 1
        var slot = hasher.finalize() & mask
        while table[slot] >= 0 {
            if nodes.node(at: Int(table[slot])).withStringBytes(in: base, { $0.elementsEqual(name) }) { return false }
            slot = (slot + 1) & mask
        }
        table[slot] = Int32(truncatingIfNeeded: key)
        return true
    }
}
