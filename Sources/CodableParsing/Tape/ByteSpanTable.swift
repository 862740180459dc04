#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hash set of byte strings that the caller keeps, numbered 0, 1, 2… in the order they were
/// added, and handed to the table by number (`span(_:)`), so that the table holds nothing but
/// a 4-byte slot per string (at most half of them used): a CSV header of a million column
/// names costs 8 MB here, on top of the names themselves. Sized once, for the strings the
/// caller will add (a header's names are known before they are checked).
struct ByteSpanTable {
    /// String number + 1 per slot, 0 for an empty slot.
    private var slots: [Int32]

    /// Number of strings added.
    private(set) var count = 0
    /// The most strings the table takes.
    let capacity: Int

    /// A table for up to `capacity` strings.
    init(capacity: Int) {
        precondition(capacity < Int32.max, "table too large")
        self.capacity = capacity
        var slotCount = 16
        while slotCount < 2 * (capacity + 1) { slotCount *= 2 }
        slots = [Int32](repeating: 0, count: slotCount)
    }

    /// The number of an added string equal to `bytes`; when there is none, adds `bytes` as
    /// string number `count` and returns nil. `span(n)` gives the bytes of string `n`, one added
    /// before this call (the caller's buffer may move between calls).
    mutating func existingNumber(
        of bytes: UnsafeBufferPointer<UInt8>, span: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let mask = slots.count - 1
        var slot = Int(Self.hash(bytes)) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            let other = span(number)
            if other.count == bytes.count
                && (bytes.isEmpty || memcmp(other.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            {
                return number
            }
            slot = (slot + 1) & mask
        }
        precondition(count < capacity, "more strings than the table was made for")
        slots[slot] = Int32(count + 1)
        count += 1
        return nil
    }

    /// The standard library's seeded hash of the bytes, so crafted names cannot make every
    /// lookup collide.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}
