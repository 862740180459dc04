/// The keys of one object, checked distinct as they come: a hash table of their key nodes (4
/// bytes a slot, at most half full), names compared in the record's bytes, so that checking a
/// record of a million keys holds no copy of them (the check that nesting keys back changes nothing, a
/// decoded dictionary's first-of-equal keys).
public struct DistinctKeys {
    private var table: [Int32]

    /// Room for `count` keys: twice as many slots, not rounded up to a power of two (a hash
    /// picks its slot by a multiplication, not a mask), so that the slots of a huge dictionary's
    /// keys take the room they need, not up to twice that.
    public init(count: Int) {
        table = [Int32](repeating: -1, count: max(16, 2 * count))
    }

    /// Adds the key node `key`, named `name` (unescaped); false when an earlier key has that
    /// name. At most `count` keys are added.
    public mutating func insert<Nodes: JSONNodeSource>(
        _ key: Int, named name: UnsafeBufferPointer<UInt8>, nodes: Nodes, base: UnsafePointer<UInt8>
    ) -> Bool {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        let size = table.count
        // in 0..<size
        var slot = Int(UInt64(UInt(bitPattern: hasher.finalize())).multipliedFullWidth(by: UInt64(size)).high)
        while table[slot] >= 0 {
            if nodes.node(at: Int(table[slot])).withStringBytes(in: base, { $0.elementsEqual(name) }) { return false }
            slot = slot + 1 == size ? 0 : slot + 1
        }
        table[slot] = Int32(truncatingIfNeeded: key)
        return true
    }
}
