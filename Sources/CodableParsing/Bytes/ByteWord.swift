/// Eight bytes tested at once, as one 64-bit word (first byte lowest): each test returns a mask
/// with the high bit set in the bytes that pass it. The scanners use it to pass over runs of
/// bytes that need no look.
///
/// `below` and `equal` are exact for the lowest marked byte only: a borrow may also mark a byte
/// after it, never one before. Callers use the first mark (`firstMarked`), or test for none.
public enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `pointer`, the first one lowest.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Marks the bytes below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Marks the bytes equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        below(1, in: word ^ (ones &* UInt64(byte)))
    }

    /// Marks the bytes of 0x80 and above (not ASCII), exactly.
    @inlinable @inline(__always)
    public static func nonASCII(in word: UInt64) -> UInt64 { word & highs }

    /// Marks the UTF-8 continuation bytes (10xxxxxx), exactly: the high bit set and, shifted up
    /// by one, the bit below it clear (the shift stays within each byte for the bit it tests).
    @inlinable @inline(__always)
    public static func continuationBytes(in word: UInt64) -> UInt64 { word & ~(word << 1) & highs }

    /// The place (0 to 7) of the first marked byte of a mask that is not zero.
    @inlinable @inline(__always)
    public static func firstMarked(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }
}
