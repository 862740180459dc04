/// A buffer of input bytes that a reader fills and then hands on, read-only, inside a batch.
///
/// A class over raw memory (not `[UInt8]`) so the reader can read straight into its spare
/// capacity and grow it in place while a record is still incomplete.
/// Only the reader that fills it mutates it, before handing it on read-only in a batch, so its
/// properties skip the runtime exclusivity checks (`@exclusivity(unchecked)`).
public final class ByteStorage: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var pointer: UnsafeMutablePointer<UInt8>
    /// Number of valid bytes.
    @exclusivity(unchecked) public private(set) var count: Int
    @exclusivity(unchecked) private(set) var capacity: Int

    /// Empty storage with room for `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        self.pointer = RawMemory.allocate(self.capacity)
        self.count = 0
    }

    /// Storage that takes over the bytes `cursor` wrote, without copying them; `cursor` goes on
    /// empty, over new memory for up to `keptCapacity` bytes.
    public init(taking cursor: inout OutputCursor, keepingCapacity keptCapacity: Int) {
        self.pointer = cursor.pointer
        self.count = cursor.count
        self.capacity = cursor.capacity
        var emptied = OutputCursor(capacity: min(cursor.capacity, max(keptCapacity, 64)))
        emptied.spill = cursor.spill
        emptied.overflow = cursor.overflow
        cursor = emptied
    }

    deinit { RawMemory.free(pointer) }

    /// Read-only access to the valid bytes.

    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R
    {
        try body(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// The byte at `index`.
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "byte index out of range")
        return pointer[index]
    }

    /// The bytes in `range`, copied.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return Array(UnsafeBufferPointer(start: pointer + range.lowerBound, count: range.count))
    }

    /// Appends bytes, growing the storage when needed.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserveFreeCapacity(bytes.count)
        if let base = bytes.baseAddress { (pointer + count).update(from: base, count: bytes.count) }
        count += bytes.count
    }

    /// Makes room for at least `minimum` more bytes, doubling the capacity when it grows, but
    /// to no more than `limit` bytes in all (at least `count + minimum`).
    func reserveFreeCapacity(_ minimum: Int, limit: Int = .max) {
        guard capacity - count < minimum else { return }
        capacity = max(min(capacity * 2, limit), count + minimum)
        pointer = RawMemory.reallocate(pointer, to: capacity)
    }

    /// Forgets the bytes from `index` on.
    func truncate(to index: Int) {
        precondition(index >= 0 && index <= count, "truncation index out of range")
        count = index
    }

    /// Reads once from `source` into the free capacity; returns the number of bytes read.
    func fill<Source: ByteSource>(from source: inout Source) throws -> Int {
        let read = try source.read(into: UnsafeMutableRawBufferPointer(start: pointer + count, count: capacity - count))
        count += read
        return read
    }
}
