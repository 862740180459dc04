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
/// names costs 8 MB here, on top of the names themselves.
struct ByteSpanTable {
    /// String number + 1 per slot, 0 for an empty slot.
    private var slots: [Int32]

    /// Number of strings added.
    private(set) var count = 0

    /// A table with room for `capacity` strings before it grows.
    init(capacity: Int = 8) {
        var slotCount = 16
        while slotCount < 2 * (capacity + 1) { slotCount *= 2 }
        slots = [Int32](repeating: 0, count: slotCount)
    }

    /// The number of an added string equal to `bytes`; when there is none, adds `bytes` as
    /// string number `count` and returns nil. `span(n)` gives the bytes of string `n`, for the
    /// strings added before this call (the caller's buffer may move between calls).
    mutating func existingNumber(
        of bytes: UnsafeBufferPointer<UInt8>, span: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Int? {
        precondition(count < Int32.max - 1, "table too large")
        if (count + 1) * 2 > slots.count { rehash(slotCount: slots.count * 2, span: span) }
        let mask = slots.count - 1
        var slot = Int(Self.hash(bytes)) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            let other = span(number)
            if other.count == bytes.count && (bytes.isEmpty || memcmp(other.baseAddress!, bytes.baseAddress!, bytes.count) == 0) {
                return number
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(count + 1)
        count += 1
        return nil
    }

    private mutating func rehash(slotCount: Int, span: (Int) -> UnsafeBufferPointer<UInt8>) {
        slots = [Int32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for number in 0..<count {
            var slot = Int(Self.hash(span(number))) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// The standard library's seeded hash of the bytes, so crafted names cannot make every
    /// lookup collide.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}
