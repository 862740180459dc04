/// Turning JSON string tokens into UTF-8 and UTF-8 into JSON string tokens.
///
/// The writer escapes exactly what RFC 8259 requires: `"`, `\` and U+0000–U+001F (with the short
/// forms `\b \f \n \r \t` where they exist), and nothing else: no `\/`, no `\u` for non-ASCII.
public enum JSONString {
    /// The UTF-8 content of a scanned string token (quotes included in `token`), escapes
    /// resolved. The token must have been accepted by `JSONScanner`.
    public static func unescape(_ token: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(token.count)
        var index = 1
        let end = token.count - 1
        while index < end {
            let byte = token[index]
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                index += 1
                continue
            }
            let escape = token[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexUnit(token, at: index))
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = UInt32(hexUnit(token, at: index + 2))
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &result)
            default: result.append(escape)  // '"', '\\', '/'
            }
        }
        return result
    }

    /// Decodes a scanned string token to a Swift `String`.
    public static func decode(_ token: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: unescape(token), as: UTF8.self)
    }

    /// Appends a scanned string token with its escapes in the writer's form: `\/` becomes `/`,
    /// `\u` escapes become UTF-8 unless the character must stay escaped; everything else is
    /// copied as it was (the scanner accepted it, so it is already valid and minimal).
    public static func appendNormalized(_ token: UnsafeBufferPointer<UInt8>, to out: inout OutputCursor) {
        let base = token.baseAddress!
        var runStart = 0
        var index = 1
        let end = token.count - 1
        while index < end {
            guard token[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            let escape = token[index + 1]
            guard escape == UInt8(ascii: "u") || escape == UInt8(ascii: "/") else {
                index += 2
                continue
            }
            out.append(base + runStart, count: index - runStart)
            if escape == UInt8(ascii: "/") {
                out.append(UInt8(ascii: "/"))
                index += 2
            } else {
                var scalar = UInt32(hexUnit(token, at: index + 2))
                index += 6
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = UInt32(hexUnit(token, at: index + 2))
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                if scalar < 0x20 || scalar == 0x22 || scalar == 0x5C {
                    appendEscaped(UInt8(scalar), to: &out)
                } else {
                    appendUTF8(scalar, to: &out)
                }
            }
            runStart = index
        }
        out.append(base + runStart, count: token.count - runStart)
    }

    /// `text` as a JSON string literal, escaped exactly as the writer escapes: `"`, `\` and
    /// control characters (`\b \f \n \r \t`, the others as `\u00XX`); never `\/`.
    public static func quotedBytes(_ text: String) -> [UInt8] {
        quoted(utf8: text.utf8)
    }

    /// UTF-8 bytes as a JSON string literal, escaped as `quotedBytes(_:)` escapes.
    public static func quoted(utf8: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(utf8)
        let buffer = OutputBuffer(capacity: bytes.count * 6 + 2)
        var out = buffer.beginAppending()
        bytes.withUnsafeBufferPointer { _ = appendQuoted($0, to: &out) }
        buffer.endAppending(out)
        return buffer.withUnsafeBytes { Array($0) }
    }

    /// Writes `content` (UTF-8, unescaped) as a JSON string token, escaping exactly what the
    /// writer escapes; returns whether anything was escaped.
    public static func appendQuoted(_ content: UnsafeBufferPointer<UInt8>, to out: inout OutputCursor) -> Bool {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var escaped = false
        let base = content.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let count = content.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                // Eight bytes at a time, to the first that must be escaped.
                let flagged = escapedBytes(ByteWord.load(base + index))
                guard flagged != 0 else {
                    index += 8
                    continue
                }
                index += flagged.trailingZeroBitCount / 8
            } else {
                let byte = base[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
            }
            out.append(base + runStart, count: index - runStart)
            escaped = true
            appendEscaped(base[index], to: &out)
            index += 1
            runStart = index
        }
        out.append(base + runStart, count: count - runStart)
        out.append(UInt8(ascii: "\""))
        return escaped
    }

    /// Marks the bytes of `word` that JSON escapes (below 0x20, a quote, a backslash); the first
    /// mark is exact (`ByteWord`).
    @inline(__always)
    private static func escapedBytes(_ word: UInt64) -> UInt64 {
        ByteWord.below(0x20, in: word) | ByteWord.equal(to: UInt8(ascii: "\""), in: word)
            | ByteWord.equal(to: UInt8(ascii: "\\"), in: word)
    }

    /// `text` as a JSON string literal (see `quotedBytes(_:)`).
    public static func quoted(_ text: String) -> String {
        String(decoding: quotedBytes(text), as: UTF8.self)
    }

    /// The escape for a byte that JSON requires to be escaped.
    @inline(__always)
    static func appendEscaped(_ byte: UInt8, to out: inout OutputCursor) {
        switch byte {
        case UInt8(ascii: "\""): out.append("\\\"")
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
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout OutputCursor) {
        forEachUTF8Byte(of: scalar) { out.append($0) }
    }

    private static func hexUnit(_ token: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 { unit = unit << 4 | UInt16(hexValue(token[index + offset]) ?? 0) }
        return unit
    }

    private static func appendUTF8(_ scalar: UInt32, to result: inout [UInt8]) {
        forEachUTF8Byte(of: scalar) { result.append($0) }
    }

    /// The UTF-8 encoding of a Unicode scalar value, byte by byte.
    @inline(__always)
    private static func forEachUTF8Byte(of scalar: UInt32, _ body: (UInt8) -> Void) {
        switch scalar {
        case ..<0x80:
            body(UInt8(scalar))
        case ..<0x800:
            body(UInt8(0xC0 | scalar >> 6))
            body(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            body(UInt8(0xE0 | scalar >> 12))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        default:
            body(UInt8(0xF0 | scalar >> 18))
            body(UInt8(0x80 | scalar >> 12 & 0x3F))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
