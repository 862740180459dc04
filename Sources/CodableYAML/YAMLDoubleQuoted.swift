import CodableParsing

/// YAML double-quoted scalars: the one style that can hold any text.
enum YAMLDoubleQuoted {
    /// Appends `text` quoted, escaping `"`, `\`, control characters and the characters YAML
    /// does not allow unescaped (C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF).
    static func append(_ text: UnsafeBufferPointer<UInt8>, to out: inout OutputCursor) {
        out.append(UInt8(ascii: "\""))
        let base = text.baseAddress!
        var runStart = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            let special =
                byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F
                || (byte >= 0xC2 && YAMLScalarStyle.needsEscape(text, at: index))
            guard special else {
                index += 1
                continue
            }
            out.append(base + runStart, count: index - runStart)
            var width = 1
            switch byte {
            case UInt8(ascii: "\""): out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x09: out.append("\\t")
            case 0x0D: out.append("\\r")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            case 0x00: out.append("\\0")
            case 0x7F: out.append("\\x7F")
            default:
                var scalar = UInt32(byte)
                if byte >= 0xC2 {  // a multi-byte character: decode it
                    if byte < 0xE0 {
                        scalar = UInt32(byte & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
                        width = 2
                    } else {
                        scalar =
                            UInt32(byte & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6
                            | UInt32(text[index + 2] & 0x3F)
                        width = 3
                    }
                }
                appendUnicodeEscape(scalar, to: &out)
            }
            index += width
            runStart = index
        }
        out.append(base + runStart, count: count - runStart)
        out.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ scalar: UInt32, to out: inout OutputCursor) {
        let digits: StaticString = "0123456789ABCDEF"
        out.append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}
