/// Writes a CSV cell's text as a JSON string token (quotes included), escaping what JSON
/// requires, turning `""` pairs of quoted cells into one quote, and checking the UTF-8.
enum CSVCellEncoder {
    /// Appends the token; returns the node flags (bit 0: the token holds escapes).
    /// Throws `invalidUTF8` at the offending byte's offset in `base`.
    static func appendString(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, collapsingQuotes: Bool, to out: inout OutputCursor
    ) throws(JSONSyntaxError) -> UInt8 {
        out.append(UInt8(ascii: "\""))
        var flags: UInt8 = 0
        var runStart = start
        var index = start
        while index < end {
            // Eight bytes at a time, straight to the first one that needs a look.
            while index &+ 8 <= end {
                let mask = JSONScanner.attentionMask(
                    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if mask == 0 {
                    index &+= 8
                    continue
                }
                index &+= mask.trailingZeroBitCount &>> 3
                break
            }
            guard index < end else { break }
            let byte = base[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte < 0x80 {
                index &+= 1
                continue
            }
            if byte >= 0x80 {
                index = try validateUTF8(base, at: index, end: end)
                continue
            }
            out.append(base + runStart, count: index - runStart)
            flags = 1
            JSONString.appendEscaped(byte, to: &out)
            if byte == UInt8(ascii: "\"") && collapsingQuotes { index += 1 }  // the second quote of a "" pair
            index += 1
            runStart = index
        }
        out.append(base + runStart, count: end - runStart)
        out.append(UInt8(ascii: "\""))
        return flags
    }

    /// Checks the UTF-8 sequence at `index` (a byte >= 0x80); returns the index after it. A cell
    /// is complete, so a sequence it cuts off is invalid, not unfinished.
    @inline(__always)
    static func validateUTF8(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) throws(JSONSyntaxError) -> Int {
        do {
            return try UTF8Sequence.end(base, at: index, end: end)
        } catch  where error.isUnexpectedEnd {
            throw JSONSyntaxError(.invalidUTF8(base[index]), at: index)
        }
    }
}
