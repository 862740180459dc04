/// Byte strings checked distinct as they come, pooled in one buffer: a hash table of their
/// numbers (4 bytes a slot, at most three quarters full), each text's end, and its bytes, so
/// that a huge `Set<String>` is not held as an array a value (an array each, in a `Set`, took
/// 9.4 times a record's size). Nothing is allocated until the first text comes.
public struct DistinctTexts {
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes`.
    private var ends: [UInt32] = []
    private var table: [Int32] = []

    /// An empty set.
    public init() {}

    /// Adds `text`; false when an equal text came before.
    public mutating func insert(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if (ends.count + 1) * 4 > table.count * 3 { grow() }
        let mask = table.count - 1
        var slot = Self.hash(text) & mask
        while table[slot] >= 0 {
            if self.text(Int(table[slot])).elementsEqual(text) { return false }
            slot = (slot + 1) & mask
        }
        bytes.append(contentsOf: text)
        ends.append(UInt32(truncatingIfNeeded: bytes.count))
        table[slot] = Int32(truncatingIfNeeded: ends.count - 1)
        return true
    }

    private func text(_ number: Int) -> ArraySlice<UInt8> {
        let start = number == 0 ? 0 : Int(ends[number - 1])
        return bytes[start..<Int(ends[number])]
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }

    /// Doubles the table (16 slots at first) and places every text again.
    private mutating func grow() {
        table = [Int32](repeating: -1, count: max(16, table.count * 2))
        let mask = table.count - 1
        bytes.withUnsafeBufferPointer { pool in
            for number in 0..<ends.count {
                let start = number == 0 ? 0 : Int(ends[number - 1])
                let text = UnsafeBufferPointer(rebasing: pool[start..<Int(ends[number])])
                var slot = Self.hash(text) & mask
                while table[slot] >= 0 { slot = (slot + 1) & mask }
                table[slot] = Int32(truncatingIfNeeded: number)
            }
        }
    }
}
