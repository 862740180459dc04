#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable byte buffer that writers append to and the CLI drains to a file descriptor.
///
/// Writers append through an `OutputCursor` (a struct passed `inout`, free of runtime
/// exclusivity checks) lent out by `beginAppending()` and taken back by `endAppending(_:)`.
public final class OutputBuffer: @unchecked Sendable {
    /// Touched by one writer at a time, through the methods here: no runtime exclusivity check
    /// (one costs more than a small append).
    @usableFromInline @exclusivity(unchecked) var cursor: OutputCursor

    /// Creates an empty buffer. The default room, 256 KiB, is what a spilling buffer (the
    /// output's) holds between writes: it is touched whole once the output is that long, so it
    /// counts against a record's memory: a larger room would weigh on records of about its
    /// size, and writes of 256 KiB cost no more time than larger ones.
    public init(capacity: Int = 256 << 10) {
        cursor = OutputCursor(capacity: max(capacity, 64))
    }

    deinit { cursor.release() }

    /// Number of bytes written and not yet drained (those moved to an overflow included).
    public var count: Int { cursor.position }

    /// Where the next token can start (`OutputCursor.nextTokenStart`).
    public var nextTokenStart: Int { cursor.nextTokenStart }

    /// Lends the storage out for appending.
    public func beginAppending() -> OutputCursor { cursor }

    /// Takes back the storage lent out by `beginAppending()`, with what was appended.
    public func endAppending(_ cursor: OutputCursor) { self.cursor = cursor }

    /// Runs `body` on the storage in place: for a writer that appends a token at a time, which
    /// a cursor lent out and taken back for each (a copy of it each way) would slow. `body` must
    /// not touch this buffer otherwise.
    @inlinable @inline(__always)
    public func appendInPlace<R>(_ body: (inout OutputCursor) -> R) -> R { body(&cursor) }

    /// Appends one byte.
    public func append(_ byte: UInt8) { cursor.append(byte) }

    /// Appends the UTF-8 of a static string.
    public func append(_ text: StaticString) { cursor.append(text) }

    /// Appends `count` copies of `byte`.
    public func append(repeating byte: UInt8, count: Int) { cursor.append(repeating: byte, count: count) }

    /// Read-only access to the bytes in memory (for a buffer without an overflow, all of them).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: cursor.pointer, count: cursor.count))
    }

    /// Hands every byte written to `body`, in order: those moved to the overflow, in pieces,
    /// then those in memory. Throws when the overflow's file cannot be read back.
    public func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws(TemporaryFileError) {
        if cursor.overflowed > 0 { try cursor.overflow?.forEachPiece(body) }
        withUnsafeBytes { body($0) }
    }

    /// From now on, a record of more than `overflow.recordBytesKept` bytes moves them to
    /// `overflow` when the buffer has to grow, instead of holding them all (`OutputOverflow`).
    /// For `decode`'s output: positions and `truncate(toCount:)` go on counting every byte.
    public func overflow(into overflow: OutputOverflow?) { cursor.overflow = overflow }

    /// Notes that a record starts at the end: only its own bytes count towards moving them to
    /// the overflow, so that a batch of small records is never moved.
    public func markRecordStart() { cursor.recordStart = cursor.position }

    /// From now on, when the buffer fills up, its bytes go to `spill` instead of its growing, so
    /// that a huge record is written out as it is made, not held whole (nil: grow instead).
    /// Only for writers that never take back or reorder what they wrote (`truncate(toCount:)`
    /// and positions only count the bytes since the last spill).
    public func spillWhenFull(to spill: OutputSpill?) { cursor.spill = spill }

    /// Forgets the buffered bytes (after they were written out), keeping the capacity.
    public func removeAll() { cursor.truncate(to: 0) }

    /// Forgets the bytes written after the first `count` (undoes a value that failed midway).
    public func truncate(toCount count: Int) { cursor.truncate(to: count) }

    /// Hands the buffered bytes on as storage, without copying them, and goes on empty, with
    /// room for `keptCapacity` bytes at most (new memory, touched only as it is written). Bytes
    /// moved to an overflow must be taken back first (`takeOverflowBack()`).
    public func takeBytes(keepingCapacity keptCapacity: Int) -> ByteStorage {
        precondition(cursor.overflowed == 0, "takeBytes with bytes in the overflow")
        return ByteStorage(taking: &cursor, keepingCapacity: keptCapacity)
    }

    /// Reads the bytes moved to the overflow back into memory, in front of the others (one
    /// record's at a time, once it is done); throws when they cannot be read.
    public func takeOverflowBack() throws(TemporaryFileError) {
        try cursor.takeOverflowBack()
    }

    /// The buffered bytes as a string (tests and small outputs).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: cursor.pointer, count: cursor.count), as: UTF8.self)
    }
}

/// Where a full `OutputBuffer` hands its bytes on (`OutputBuffer.spillWhenFull(to:)`).
public final class OutputSpill {
    private let write: (UnsafeRawBufferPointer) -> Void

    /// A spill that hands the bytes to `write`, which keeps any error to report later (it is
    /// called in the middle of a value, where nothing can be thrown).
    public init(_ write: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.write = write
    }

    func take(_ bytes: UnsafeRawBufferPointer) {
        if !bytes.isEmpty { write(bytes) }
    }
}

/// An `OutputBuffer`'s storage while a writer appends to it.
///
/// Its appends are inlinable: the decoder and the other writers outside this module append
/// byte by byte, and a call for each byte would be a noticeable share of `decode`'s time.
public struct OutputCursor {
    @usableFromInline var pointer: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int
    var spill: OutputSpill?
    /// Where a huge record's bytes go (`OutputBuffer.overflow(into:)`).
    var overflow: OutputOverflow?
    /// The bytes written before `pointer[0]` that are in `overflow`.
    @usableFromInline var overflowed = 0
    /// The position where the record being written started (`OutputBuffer.markRecordStart()`).
    var recordStart = 0
    /// While above 0, no byte moves to the overflow: a writer is reading back what it wrote
    /// (`hold()`).
    var holds = 0

    /// An empty cursor over `capacity` new bytes, which its holder frees with `release()` (or
    /// hands on with `ByteStorage(taking:keepingCapacity:)`).
    init(capacity: Int) {
        self.pointer = RawMemory.allocate(capacity)
        self.count = 0
        self.capacity = max(capacity, 1)
    }

    /// Frees the bytes (the cursor is not used after this).
    func release() { RawMemory.free(pointer) }

    /// Number of bytes written so far (those moved to an overflow included).
    @inlinable @inline(__always)
    public var position: Int { overflowed &+ count }

    /// Forgets the bytes written from `position` on.
    public mutating func truncate(to position: Int) {
        precondition(position >= 0 && position <= overflowed + count)
        if position >= overflowed {
            count = position - overflowed
        } else {
            overflow?.truncate(toCount: position)
            overflowed = position
            count = 0
        }
        recordStart = min(recordStart, position)
    }

    /// Keeps every byte written from now on in memory until `endHold()`: for a writer that reads
    /// back or reorders what it wrote (`withWrittenBytes`), such as a `Set`'s elements compared.
    public mutating func hold() { holds += 1 }

    /// Ends a `hold()`.
    public mutating func endHold() { holds -= 1 }

    /// Where the byte at `position` is in the bytes `withWrittenBytes` lends (it is in memory:
    /// written since a `hold()`, or in a buffer without an overflow).
    @inlinable
    public func writtenIndex(of position: Int) -> Int { position &- overflowed }

    /// Reads the bytes moved to the overflow back in front of those in memory.
    mutating func takeOverflowBack() throws(TemporaryFileError) {
        guard overflowed > 0, let overflow else { return }
        let total = overflowed + count
        if total > capacity {
            pointer = RawMemory.reallocate(pointer, to: total)
            capacity = total
        }
        memmove(pointer + overflowed, pointer, count)
        try overflow.readAll(into: pointer)
        overflow.truncate(toCount: 0)
        count = total
        overflowed = 0
    }

    /// For a tape's JSON tokens written one after another (CSV cells, YAML scalars): when the
    /// last byte written is a quote (a string token's closing one), steps back over it, so that
    /// the string token written next starts on it and both read it as theirs (`"a"b"` holds
    /// `"a"` and `"b"`), and returns true. A row of one-letter strings so takes 2 bytes of JSON
    /// a value, not 3. Only for bytes that are tokens alone: a string's closing quote is then
    /// the only one that can end them.
    @inlinable @inline(__always)
    public mutating func shareClosingQuote() -> Bool {
        guard count > 0, pointer[count - 1] == UInt8(ascii: "\"") else { return false }
        count -= 1
        return true
    }

    /// Where the next token written can start, for the head of a container, which points at
    /// no bytes but must not start after the token that follows it (a node starting before its
    /// block's first is kept whole, 16 bytes): on the closing quote of a string just written,
    /// which a string after it shares (`shareClosingQuote`), or else at the end.
    @inlinable @inline(__always)
    public var nextTokenStart: Int {
        count > 0 && pointer[count - 1] == UInt8(ascii: "\"") ? count - 1 : count
    }

    /// Mutable access to the bytes written so far (for reordering them in place; the length
    /// cannot change).
    public mutating func withWrittenBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeMutableBufferPointer(start: pointer, count: count))
    }

    /// Makes room for `extra` more bytes up front (a record whose size is known before it is
    /// written): to twice the capacity, or to what is needed when that is more, so a record much
    /// larger than the buffer is held once.
    public mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toFit: extra) }
    }

    /// Makes room for `extra` more bytes: hands the bytes so far to the spill, if there is one
    /// and that is room enough, else grows.
    @usableFromInline
    mutating func grow(toFit extra: Int) {
        if let spill {
            spill.take(UnsafeRawBufferPointer(start: pointer, count: count))
            count = 0
            if extra <= capacity { return }
        }
        if let overflow, holds == 0, overflowed + count - recordStart >= overflow.recordBytesKept,
            overflow.take(UnsafeRawBufferPointer(start: pointer, count: count))
        {
            overflowed += count
            count = 0
            if extra <= capacity { return }
        }
        capacity = max(capacity * 2, count + extra)
        pointer = RawMemory.reallocate(pointer, to: capacity)
    }

    /// Appends more bytes than there is room for: with a spill, the bytes so far and then
    /// `source` go straight to it (a 100 MB string is not copied into the buffer first).
    @usableFromInline
    mutating func appendOverflowing(_ source: UnsafePointer<UInt8>, count length: Int) {
        if let spill, length > capacity {
            spill.take(UnsafeRawBufferPointer(start: pointer, count: count))
            count = 0
            spill.take(UnsafeRawBufferPointer(start: source, count: length))
            return
        }
        grow(toFit: length)
        (pointer + count).update(from: source, count: length)
        count &+= length
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        pointer[count] = byte
        count &+= 1
    }

    /// Appends `length` bytes from `source`.
    @inlinable @inline(__always)
    public mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if capacity &- count < length { return appendOverflowing(source, count: length) }
        (pointer + count).update(from: source, count: length)
        count &+= length
    }

    /// Appends the bytes of `buffer` (a node's token).
    @inlinable @inline(__always)
    public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        if let base = buffer.baseAddress { append(base, count: buffer.count) }
    }

    /// Appends the UTF-8 of a static string.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `length` copies of `byte`.
    @inlinable @inline(__always)
    public mutating func append(repeating byte: UInt8, count length: Int) {
        if capacity &- count < length { grow(toFit: length) }
        (pointer + count).update(repeating: byte, count: length)
        count &+= length
    }
}
