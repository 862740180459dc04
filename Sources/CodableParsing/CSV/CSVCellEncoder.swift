/// Writes a CSV cell's text as a JSON string token (quotes included), escaping what JSON
/// requires, turning `""` pairs of quoted cells into one quote, and checking the UTF-8.
enum CSVCellEncoder {
    /// Appends the token; returns the node flags (bit 0: the token holds escapes).
    /// Throws `invalidUTF8` at the offending byte's offset in `base`.
    static func appendString(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, collapsingQuotes: Bool, to out: inout OutputCursor) throws(JSONSyntaxError) -> UInt8 {
        out.append(UInt8(ascii: "\""))
        var flags: UInt8 = 0
        var runStart = start
        var index = start
        while index < end {
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
            switch byte {
            case UInt8(ascii: "\""):
                out.append("\\\"")
                if collapsingQuotes { index += 1 }  // the second quote of a "" pair
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            default:
                out.append("\\u00")
                let digits: StaticString = "0123456789abcdef"
                out.append(digits.utf8Start[Int(byte >> 4)])
                out.append(digits.utf8Start[Int(byte & 0xF)])
            }
            index += 1
            runStart = index
        }
        out.append(base + runStart, count: end - runStart)
        out.append(UInt8(ascii: "\""))
        return flags
    }

    /// Checks the UTF-8 sequence at `index` (a byte >= 0x80); returns the index after it.
    @inline(__always)
    static func validateUTF8(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) throws(JSONSyntaxError) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw JSONSyntaxError(.invalidUTF8(lead), at: index)
        }
        guard index + length <= end else { throw JSONSyntaxError(.invalidUTF8(lead), at: index) }
        let second = base[index + 1]
        guard second >= low && second <= high else { throw JSONSyntaxError(.invalidUTF8(lead), at: index) }
        for offset in 2..<max(2, length) where base[index + offset] & 0xC0 != 0x80 {
            throw JSONSyntaxError(.invalidUTF8(lead), at: index)
        }
        return index + length
    }
}
