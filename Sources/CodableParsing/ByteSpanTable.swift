#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hash table of byte strings that are spans of one buffer the caller owns, named by offset
/// (so the buffer may move as it grows): no copy and no allocation per string, about 32 bytes
/// per entry. A header with a million column names so costs 32 MB, not the 160 MB a
/// `[ArraySlice<UInt8>: Int]` takes.
struct ByteSpanTable {
    private struct Entry {
        var start: Int
        var count: Int32
        var hash: UInt32
        var value: Int
    }

    private var entries: [Entry] = []
    /// Entry index + 1 per slot, 0 for an empty slot; at most half of them are used.
    private var slots = [Int32](repeating: 0, count: 16)

    /// Number of entries.
    var count: Int { entries.count }

    /// The value stored for the bytes `base[start..<start + count]`; when there is none, stores
    /// `value` for them and returns nil.
    mutating func existingValue(forSpan start: Int, count: Int, in base: UnsafePointer<UInt8>, orInsert value: Int) -> Int? {
        precondition(count <= Int32.max && entries.count < Int32.max - 1, "span or table too large")
        let hash = Self.hash(base + start, count)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash && Int(entry.count) == count && memcmp(base + entry.start, base + start, count) == 0 {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(start: start, count: Int32(count), hash: hash, value: value))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { rehash(slotCount: slots.count * 2) }
        return nil
    }

    private mutating func rehash(slotCount: Int) {
        slots = [Int32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// The standard library's seeded hash of the bytes, so crafted names cannot make every
    /// lookup collide.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: count))
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}
