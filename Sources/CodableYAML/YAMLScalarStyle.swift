import CodableParsing

/// How the YAML writer writes one string: plain when no YAML 1.1 or 1.2 reader could take it
/// for anything else, a literal block (`|`) when it spans lines, double-quoted otherwise.
enum YAMLScalarStyle: Equatable {
    case plain
    case doubleQuoted
    /// A literal block; `indicator` is needed when the text starts with a space, a tab or a line
    /// break (the indentation cannot be detected from such a first line),
    /// `chomping` is `-` (no final line break), nothing (one) or `+` (more).
    case literal(needsIndicator: Bool, trailingBreaks: Int)

    /// The style for `text`; keys are never literal blocks.
    static func choose(for text: UnsafeBufferPointer<UInt8>, isKey: Bool) -> YAMLScalarStyle {
        let count = text.count
        guard count > 0 else { return .doubleQuoted }
        var plainAllowed = isPlainStart(text)
        var hasBreak = false
        var literalAllowed = !isKey
        var index = 0
        while index < count {
            let byte = text[index]
            if byte >= 0x20 && byte < 0x7F {
                switch byte {
                case UInt8(ascii: ":"):
                    if index + 1 == count || text[index + 1] == 0x20 { plainAllowed = false }
                case UInt8(ascii: "#"):
                    if index > 0 && text[index - 1] == 0x20 { plainAllowed = false }
                default: break
                }
                index += 1
                continue
            }
            if byte == 0x0A {
                hasBreak = true
                plainAllowed = false
            } else if byte == 0x09 {
                plainAllowed = false
            } else if byte < 0x20 || byte == 0x7F || needsEscape(text, at: index) {
                return .doubleQuoted  // neither plain nor literal can hold it
            }
            index += 1
        }
        if hasBreak {
            guard literalAllowed else { return .doubleQuoted }
            // A text of only spaces and line breaks, or one whose last line is only spaces, is
            // clearer (and safer) quoted.
            var lastLineStart = count
            while lastLineStart > 0 && text[lastLineStart - 1] != 0x0A { lastLineStart -= 1 }
            if lastLineStart < count && (lastLineStart..<count).allSatisfy({ text[$0] == 0x20 || text[$0] == 0x09 }) {
                literalAllowed = false
            }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) { literalAllowed = false }
            guard literalAllowed else { return .doubleQuoted }
            var breaks = 0
            while breaks < count && text[count - 1 - breaks] == 0x0A { breaks += 1 }
            return .literal(
                needsIndicator: text[0] == 0x20 || text[0] == 0x09 || text[0] == 0x0A, trailingBreaks: breaks)
        }
        if plainAllowed && (text[count - 1] == 0x20 || isReserved(text)) { plainAllowed = false }
        return plainAllowed ? .plain : .doubleQuoted
    }

    /// The first character leaves the text plain: not an indicator, a space, a digit or a sign
    /// or point that could start a number (`.5`, `+1`, `.inf`).
    private static func isPlainStart(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch text[0] {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
            UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "),
            UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return false
        default:
            return true
        }
    }

    /// Words a YAML 1.1 or 1.2 reader resolves to something other than a string (any case):
    /// null, `~`, booleans of either version, the merge key and 1.1's value key.
    private static func isReserved(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count <= 5 else { return false }
        var lowered: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &lowered) { raw in
            for index in 0..<text.count {
                let byte = text[index]
                raw[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
        }
        let word = withUnsafeBytes(of: &lowered) { String(decoding: $0.prefix(text.count), as: UTF8.self) }
        switch word {
        case "~", "null", "true", "false", "yes", "no", "y", "n", "on", "off", "<<", "=": return true
        default: return false
        }
    }

    /// A character at `index` (a UTF-8 lead byte) that YAML does not allow unescaped: C1
    /// controls (including NEL), the line and paragraph separators, the byte-order mark, and
    /// U+FFFE/U+FFFF.
    @inline(__always)
    static func needsEscape(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = text[index]
        guard byte >= 0x80 else { return byte < 0x20 && byte != 0x0A && byte != 0x09 || byte == 0x7F }
        let next = index + 1 < text.count ? text[index + 1] : 0
        let third = index + 2 < text.count ? text[index + 2] : 0
        switch byte {
        case 0xC2: return next < 0xA0
        case 0xE2: return next == 0x80 && (third == 0xA8 || third == 0xA9)
        case 0xEF: return (next == 0xBB && third == 0xBF) || (next == 0xBF && (third == 0xBE || third == 0xBF))
        default: return false
        }
    }
}
