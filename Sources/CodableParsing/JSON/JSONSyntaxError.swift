/// Why a JSON text was rejected, and the byte offset (in the scanned buffer) where it went wrong.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The ways a JSON text can be malformed.
    public enum Reason: Sendable, Equatable {
        /// Input ended (or, in line-based framings, the line ended) inside a value.
        case unexpectedEnd(expected: String)
        /// A line ended inside a value (JSON Lines hold one whole value per line).
        case unexpectedEndOfLine(expected: String)
        /// A byte that cannot start or continue what was expected.
        case unexpectedByte(UInt8, expected: String)
        /// A control character (U+0000 to U+001F) written raw inside a string.
        case unescapedControlCharacter(UInt8)
        /// A backslash followed by something JSON does not define.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape
        /// A `\uD800`–`\uDFFF` escape that is not half of a surrogate pair.
        case loneSurrogate(UInt16)
        /// Bytes that are not UTF-8.
        case invalidUTF8(UInt8)
        /// A number that does not follow RFC 8259's grammar.
        case invalidNumber(String)
        /// Containers nested deeper than the limit.
        case tooDeep(limit: Int)
        /// A string or number longer than the limit.
        case tooLong(limit: Int)
        /// A number longer than a node holds (`JSONNode.maxNumberLength`), whatever the length limit says.
        case numberTooLong(limit: Int)
        /// One record (with the bytes of its line before it) longer than the limit: a record's
        /// nodes point into its bytes with 32-bit offsets.
        case recordTooLarge(limit: Int)
        /// An array or object holding more values (keys, values, arrays and objects, at any
        /// depth) than the limit: a container's size has 27 bits.
        case tooManyValues(limit: Int)
        /// Something other than whitespace after the value (json: end of input; jsonl: end of line).
        case trailingContent(UInt8, after: String)
        /// Something other than whitespace after the one value a single-value input holds
        /// (reading it as a stream of values would take it as the next one).
        case secondValue(UInt8)
        /// YAML aliases that expand to more nodes than the limit in one document.
        case tooManyAliasNodes(limit: Int)
        /// The input holds no value at all.
        case empty
        /// json-seq: a record that does not start with the RS byte.
        case missingRecordSeparator(UInt8)
        /// A problem in another input format (YAML, CSV), worded by that format's reader.
        case format(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// Offset of the offending byte in the buffer that was scanned.
    public var offset: Int

    /// Creates an error at `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// True when more input could complete the value (so a streaming reader should read on).
    public var isUnexpectedEnd: Bool {
        if case .unexpectedEnd = reason { return true }
        return false
    }
}

extension JSONSyntaxError.Reason: CustomStringConvertible {
    /// A one-line message a person understands, without location (the printer adds that).
    public var description: String {
        switch self {
        case .unexpectedEnd(let expected):
            return "unexpected end of input, expected \(expected)"
        case .unexpectedEndOfLine(let expected):
            return "unexpected end of line, expected \(expected) (JSON Lines hold one whole value per line)"
        case .unexpectedByte(let byte, let expected):
            return "unexpected \(describe(byte)), expected \(expected)"
        case .unescapedControlCharacter(let byte):
            return "control character \(hexScalar(byte)) must be escaped in a string"
        case .invalidEscape(let byte):
            return "invalid escape sequence '\\\(printable(byte))' in string"
        case .invalidUnicodeEscape:
            return "invalid \\u escape: expected four hex digits"
        case .loneSurrogate(let unit):
            return "lone surrogate \\u\(hex4(unit)) in string (not half of a surrogate pair)"
        case .invalidUTF8(let byte):
            return "invalid UTF-8: byte 0x\(hex2(byte)) does not start a valid sequence"
        case .invalidNumber(let detail):
            return "invalid number: \(detail)"
        case .tooDeep(let limit):
            return "nesting deeper than \(limit) levels"
        case .tooLong(let limit):
            return "string or number longer than \(limit) bytes"
        case .numberTooLong(let limit):
            return "number longer than \(limit) bytes, the longest one a record can hold"
        case .tooManyValues(let limit):
            return
                "array or object holding more than \(limit) values, the most one record can hold"
        case .recordTooLarge(let limit):
            return
                "record longer than \(limit) bytes, the most one record can hold"
        case .trailingContent(let byte, let after):
            return "unexpected \(describe(byte)) after \(after)"
        case .secondValue(let byte):
            return "unexpected \(describe(byte)) after the JSON value"
        case .tooManyAliasNodes(let limit):
            return "aliases expand to more than \(limit) nodes in this document (a \"billion laughs\" file?)"
        case .empty:
            return "empty input, expected a JSON value"
        case .missingRecordSeparator(let byte):
            return "unexpected \(describe(byte)), expected a record separator (RS, 0x1E) before each json-seq record"
        case .format(let message):
            return message
        }
    }
}

/// `'x'` for printable ASCII, `byte 0xNN` otherwise.
func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    switch byte {
    case 0x20: return "space"
    case 0x0A: return "newline"
    case 0x0D: return "carriage return"
    case 0x09: return "tab"
    default: return "byte 0x\(hex2(byte))"
    }
}

func printable(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "x\(hex2(byte))"
}

func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

func hex4(_ unit: UInt16) -> String {
    hex2(UInt8(unit >> 8)) + hex2(UInt8(unit & 0xFF))
}

func hexScalar(_ byte: UInt8) -> String { "U+00" + hex2(byte) }
