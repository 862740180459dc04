/// A structural pre-scan of JSON text inside a top-level array: it follows strings (and the
/// escapes in them) and the nesting of brackets, and finds the commas that separate the array's
/// elements, without checking anything else. It only proposes places to cut: whoever scans the
/// pieces checks them, and on any doubt falls back to reading the input in order.
///
/// Strings are skipped eight bytes at a time (a word holding no `"` and no `\` is passed over
/// whole), which is most of a typical record's bytes.
struct ArrayStructureScan {
    /// Inside a string.
    private(set) var inString = false
    /// Inside a string, right after a `\`: the next byte is escaped.
    private var escaped = false
    /// How many brackets are open: 1 inside the top-level array, 0 once it closed.
    private(set) var depth = 1

    /// Scans `bytes[from..<to]` (the bytes right after those scanned before) and moves
    /// `lastSeparator` to the last comma among them that separates two elements of the
    /// top-level array. Returns the index of the `]` or `}` that brings the depth to 0 (the
    /// array's end, or a stray bracket), where the scan stops; nil when it went to `to`.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int, lastSeparator: inout Int?) -> Int? {
        var index = from
        while index < to {
            if inString {
                if escaped {
                    escaped = false
                    index += 1
                    continue
                }
                index = Self.firstQuoteOrBackslash(bytes, from: index, to: to)
                guard index < to else { break }
                if bytes[index] == UInt8(ascii: "\"") { inString = false } else { escaped = true }
                index += 1
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            case UInt8(ascii: ","): if depth == 1 { lastSeparator = index }
            default: break
            }
            index += 1
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let quotes = UInt64(UInt8(ascii: "\"")) &* ones
    private static let backslashes = UInt64(UInt8(ascii: "\\")) &* ones

    /// The index of the first `"` or `\` in `bytes[from..<to]`, or `to`.
    @inline(__always)
    private static func firstQuoteOrBackslash(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var index = from
        let raw = UnsafeRawPointer(bytes)
        while index + 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte equal to the one looked for is a zero byte of the XOR; the lowest flagged
            // byte of either mask is exact (false flags only come above a true one).
            let quote = word ^ quotes
            let backslash = word ^ backslashes
            let found =
                ((quote &- ones) & ~quote & highBits) | ((backslash &- ones) & ~backslash & highBits)
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < to {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return to
    }
}
