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
/// - `\u{X...}` becomes ICU's `\x{X...}`; `\v`, `\0` and a class's `\b` become the one
///   character they are in ECMA-262; a `[` or `&` inside a class is escaped (ICU would read a
///   nested class or an intersection).
///
/// Whether a pattern is ECMA-262 at all is `ECMAScriptPattern`'s question, asked first; a valid
/// pattern ICU cannot run (a lookbehind of unbounded length) fails as `.unsupported`.
/// Differences left: lookbehind and backreference corner cases follow ICU. Matching is a search
/// (unanchored), as the spec says.
final class SchemaRegex: @unchecked Sendable {
    /// The pattern as written in the schema.
    let source: String
    private let expression: NSRegularExpression
    /// A pattern that is a plain literal prefix or substring test, matched without ICU.
    private let literal: Literal?
    /// The pattern as an NFA, when it uses only what `ThompsonRegex` knows.
    private let automaton: ThompsonRegex?

    private enum Literal {
        case prefix([UInt8])
        case contains([UInt8])
        case anything
    }

    /// Why a pattern cannot be compiled.
    enum Failure: Error, Equatable {
        /// Not an ECMA-262 pattern (`ECMAScriptPattern`).
        case syntax(ECMAScriptPattern.SyntaxError)
        /// Valid ECMA-262 that ICU cannot run (a lookbehind of unbounded length, say).
        case unsupported
    }

    /// Compiles `source`: its ECMA-262 syntax is checked by `ECMAScriptPattern`, then ICU
    /// compiles the translation.
    init(compiling source: String) throws(Failure) {
        self.source = source
        if let error = ECMAScriptPattern.syntaxError(in: source) { throw .syntax(error) }
        // ICU refuses an empty pattern; ECMA-262's empty pattern matches everywhere, as `(?:)` does.
        let translated = source.isEmpty ? "(?:)" : Self.translate(source)
        guard let expression = try? NSRegularExpression(pattern: translated, options: []) else {
            throw .unsupported
        }
        self.expression = expression
        self.literal = Self.literal(of: source)
        self.automaton = literal == nil ? ThompsonRegex(source) : nil
    }

    /// Compiles `source`; nil when it is not valid ECMA-262 or ICU cannot run it.
    convenience init?(_ source: String) {
        do { try self.init(compiling: source) } catch { return nil }
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

    /// ECMA-262 syntax to ICU syntax (see the type's documentation).
    static func translate(_ source: String) -> String {
        var result = ""
        var inClass = false
        var iterator = Array(source.unicodeScalars).makeIterator()
        func nextIsBrace(_ iterator: IndexingIterator<[Unicode.Scalar]>) -> Bool {
            var copy = iterator
            return copy.next() == "{"
        }
        while let scalar = iterator.next() {
            switch scalar {
            case "\\":
                guard let next = iterator.next() else {
                    result += "\\"
                    break
                }
                switch next {
                case "d": result += inClass ? "0-9" : "[0-9]"
                case "D": result += inClass ? "\\x{0}-/:-\\x{10FFFF}" : "[^0-9]"
                case "w": result += inClass ? "A-Za-z0-9_" : "[A-Za-z0-9_]"
                case "W": result += inClass ? "\\x{0}-/:-@\\[-^`{-\\x{10FFFF}" : "[^A-Za-z0-9_]"
                case "s": result += inClass ? "\\s\\x{FEFF}" : "[\\s\\x{FEFF}]"
                case "S": result += inClass ? "\\S" : "[^\\s\\x{FEFF}]"
                case "u" where nextIsBrace(iterator):  // \u{1F600} is ICU's \x{1F600}
                    result += "\\x"
                case "v": result += "\\x{B}"  // ICU's \v is any vertical space
                case "0": result += "\\x{0}"  // ICU's \0 wants octal digits
                case "b" where inClass: result += "\\x{8}"  // a backspace in ECMA-262's classes
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
            case "[" where inClass, "&" where inClass:  // literals in ECMA-262, set syntax in ICU
                result += "\\" + String(scalar)
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
