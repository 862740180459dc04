import Foundation

/// A `pattern` (or `patternProperties` key): an ECMA-262 regular expression, run by
/// Foundation's `NSRegularExpression` (ICU) after translating what the two read differently:
///
/// - `\d`, `\D`, `\w`, `\W`: ECMA-262 means ASCII only (`[0-9]`, `[A-Za-z0-9_]`); ICU would
///   match any Unicode digit or letter.
/// - `$` outside a class: ECMA-262 matches only at the very end (no multiline flag); ICU would
///   also match before a final line break, so it becomes `\z`.
/// - `\s` also matches U+FEFF, as in ECMA-262.
/// - `\cX` control escapes and `\uXXXX` pass through (ICU reads them the same).
/// - Unicode property escapes (`\p{L}`, `\p{Letter}`, `\P{...}`) pass through; ICU knows them.
///
/// Differences left: nested classes (`[[a]]`), lookbehind and backreference corner cases
/// follow ICU. Matching is a search (unanchored), as the spec says.
final class SchemaRegex: @unchecked Sendable {
    /// The pattern as written in the schema.
    let source: String
    private let expression: NSRegularExpression
    /// A pattern that is a plain literal prefix or substring test, matched without ICU.
    private let literal: Literal?
    /// The pattern as an NFA, when it uses only what `ThompsonRegex` knows.
    private let automaton: ThompsonRegex?

    private enum Literal { case prefix([UInt8]), contains([UInt8]), anything }

    /// Compiles `source`; nil when it is not a valid regular expression.
    init?(_ source: String) {
        self.source = source
        guard Self.isECMAScript(source), let expression = try? NSRegularExpression(pattern: Self.translate(source), options: []) else { return nil }
        self.expression = expression
        self.literal = Self.literal(of: source)
        self.automaton = literal == nil ? ThompsonRegex(source) : nil
    }

    /// True when the pattern matches somewhere in the UTF-8 `text`.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch literal {
        case .anything: return true
        case .prefix(let prefix):
            return text.count >= prefix.count && prefix.indices.allSatisfy { text[$0] == prefix[$0] }
        case .contains(let needle):
            guard needle.count <= text.count else { return false }
            if needle.isEmpty { return true }
            for start in 0...(text.count - needle.count) where text[start] == needle[0] {
                if needle.indices.allSatisfy({ text[start + $0] == needle[$0] }) { return true }
            }
            return false
        case nil:
            if let automaton { return automaton.matches(text) }
            return matches(String(decoding: text, as: UTF8.self))
        }
    }

    /// True when the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// Patterns with no special characters (optionally after a leading `^`) are literals.
    private static func literal(of source: String) -> Literal? {
        if source.isEmpty { return .anything }
        let special = Set("\\^$.|?*+()[]{}".utf8)
        var bytes = Array(source.utf8)
        let anchored = bytes.first == UInt8(ascii: "^")
        if anchored { bytes.removeFirst() }
        guard !bytes.contains(where: special.contains) else { return nil }
        return anchored ? .prefix(bytes) : .contains(bytes)
    }

    /// Rejects what ICU accepts but ECMA-262 does not: inline flags (`(?i)`), comments
    /// (`(?#...)`), and escapes of letters ECMA-262 does not define (`\a`, `\e`, `\z`, ...).
    static func isECMAScript(_ source: String) -> Bool {
        let scalars = Array(source.unicodeScalars)
        let letterEscapes = Set("dDwWsSbBfnrtvcxupPk".unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if next.properties.isAlphabetic && next.isASCII && !letterEscapes.contains(next) { return false }
                index += 2
                continue
            }
            if scalar == "(", index + 2 < scalars.count, scalars[index + 1] == "?" {
                let kind = scalars[index + 2]
                if kind == "#" || (kind.isASCII && kind.properties.isAlphabetic) || kind == "-" { return false }
            }
            index += 1
        }
        return true
    }

    /// ECMA-262 syntax to ICU syntax (see the type's documentation).
    static func translate(_ source: String) -> String {
        var result = ""
        var inClass = false
        var iterator = Array(source.unicodeScalars).makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "\\":
                guard let next = iterator.next() else { result += "\\"; break }
                switch next {
                case "d": result += inClass ? "0-9" : "[0-9]"
                case "D": result += inClass ? "\\x{0}-/:-\\x{10FFFF}" : "[^0-9]"
                case "w": result += inClass ? "A-Za-z0-9_" : "[A-Za-z0-9_]"
                case "W": result += inClass ? "\\x{0}-/:-@\\[-^`{-\\x{10FFFF}" : "[^A-Za-z0-9_]"
                case "s": result += inClass ? "\\s\\x{FEFF}" : "[\\s\\x{FEFF}]"
                case "S": result += inClass ? "\\S" : "[^\\s\\x{FEFF}]"
                default: result += "\\" + String(next)
                }
            case "[" where !inClass:
                var rest = iterator
                let first = rest.next()
                if first == "]" {  // ECMA-262's empty class matches nothing
                    iterator = rest
                    result += "(?!)"
                } else if first == "^", rest.next() == "]" {  // and its negation anything
                    iterator = rest
                    result += "[\\s\\S]"
                } else {
                    inClass = true
                    result += "["
                }
            case "]" where inClass:
                inClass = false
                result += "]"
            case "$" where !inClass:
                result += "\\z"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
