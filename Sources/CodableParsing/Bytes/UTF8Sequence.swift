/// UTF-8 validation shared by the readers (JSON strings, CSV cells): exactly the well-formed
/// sequences of Unicode's table 3-7, no surrogates, nothing above U+10FFFF.
enum UTF8Sequence {
    /// Validates the multi-byte UTF-8 sequence whose lead byte is at `start` (a byte >= 0x80)
    /// and returns the offset after it. A sequence cut off by `end` is `unexpectedEnd` (more
    /// input may complete it); anything else wrong is `invalidUTF8` at the lead byte.
    @inline(__always)
    static func end(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF  // allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F  // no UTF-16 surrogates
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F  // nothing above U+10FFFF
        default: throw JSONSyntaxError(.invalidUTF8(lead), at: start)
        }
        for offset in 1..<length {
            guard start + offset < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "the rest of a UTF-8 sequence"), at: start + offset)
            }
            let byte = bytes[start + offset]
            let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min && byte <= max else { throw JSONSyntaxError(.invalidUTF8(lead), at: start) }
        }
        return start + length
    }
}
