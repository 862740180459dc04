/// Stretches of one buffer (a `Set`'s values, as written) checked distinct as they come,
/// compared in the buffer itself: a hash table of their numbers (4 bytes a slot, at most three
/// quarters full) and each one's start and end, nothing copied: an array for each value, in a
/// `Set`, would hold a huge `Set<String>` many times over.
public struct DistinctSpans {
    private var spans: [(start: UInt32, end: UInt32)] = []
    private var table: [Int32] = []

    /// An empty set, with room for `capacity` stretches before it grows (none allocated for 0).
    public init(capacity: Int = 0) {
        guard capacity > 0 else { return }  // reserving room for none would still allocate
        spans.reserveCapacity(capacity)
        table = [Int32](repeating: -1, count: Self.tableSize(toHold: capacity))
    }

    /// Adds the stretch `range` of `buffer`; false when an earlier stretch holds the same bytes.
    /// Every stretch added must lie unchanged in the buffer passed later.
    public mutating func insert(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        if (spans.count + 1) * 4 > table.count * 3 { grow(in: buffer) }
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        let mask = table.count - 1
        var slot = Self.hash(text) & mask
        while table[slot] >= 0 {
            let span = spans[Int(table[slot])]
            if UnsafeBufferPointer(rebasing: buffer[Int(span.start)..<Int(span.end)]).elementsEqual(text) {
                return false
            }
            slot = (slot + 1) & mask
        }
        spans.append((UInt32(truncatingIfNeeded: range.lowerBound), UInt32(truncatingIfNeeded: range.upperBound)))
        table[slot] = Int32(truncatingIfNeeded: spans.count - 1)
        return true
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }

    /// The table's size (a power of two) for `count` stretches at most three quarters full.
    private static func tableSize(toHold count: Int) -> Int {
        var size = 16
        while size * 3 < count * 4 { size *= 2 }
        return size
    }

    /// Doubles the table (16 slots at first) and places every stretch again, hashed from `buffer`.
    private mutating func grow(in buffer: UnsafeBufferPointer<UInt8>) {
        table = [Int32](repeating: -1, count: max(16, table.count * 2))
        let mask = table.count - 1
        for (number, span) in spans.enumerated() {
            var slot = Self.hash(UnsafeBufferPointer(rebasing: buffer[Int(span.start)..<Int(span.end)])) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: number)
        }
    }
}
