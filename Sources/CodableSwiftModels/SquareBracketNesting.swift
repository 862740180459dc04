/// The bound on how deeply a model file nests square brackets, checked before the Swift parser
/// sees the file.
///
/// swift-syntax (602, 603) looks ahead at each `[` for InlineArray sugar (`[3 of Int]`) before
/// it parses an ordinary array or dictionary, so directly nested brackets take time exponential
/// in their depth: 22 of them (`[[[…`, or `let a: [[[…Int]]]`) take half a second, 24 two
/// seconds, 40 would take days. Models nest a handful; past `maximumDepth` the file is refused.
enum SquareBracketNesting {
    /// The deepest nesting allowed: the parser's look-ahead then costs at most a few
    /// milliseconds per bracket.
    static let maximumDepth = 10

    /// The byte offset of the first `[` in code that opens one level more than `maximumDepth`,
    /// or nil. Brackets in comments and string literals do not count; brackets in a string's
    /// interpolations (`"\(…)"`) do, as the parser reads those as code.
    static func firstTooDeep(in bytes: [UInt8]) -> Int? {
        var scanner = Scanner(bytes: bytes)
        return scanner.firstTooDeep()
    }

    /// A minimal Swift lexer: it knows comments, string literals (raw, multi-line, and the
    /// single-quoted ones swift-syntax lexes as strings to diagnose them) and interpolations,
    /// which is all it takes to tell a code bracket from a quoted one.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        /// Where the scanner is: code (at the top or inside an interpolation, with the count of
        /// parentheses opened since it began) or inside a string literal, closed by `quote`.
        enum Context {
            case code(openParentheses: Int)
            case string(hashes: Int, multiline: Bool, quote: UInt8)
        }
        var contexts: [Context] = [.code(openParentheses: 0)]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func firstTooDeep() -> Int? {
            while index < bytes.count {
                switch contexts[contexts.count - 1] {
                case .code(let openParentheses):
                    if let tooDeep = stepInCode(openParentheses: openParentheses) { return tooDeep }
                case .string(let hashes, let multiline, let quote):
                    stepInString(hashes: hashes, multiline: multiline, quote: quote)
                }
            }
            return nil
        }

        /// One token's worth of code; the offset of a bracket that goes too deep.
        private mutating func stepInCode(openParentheses: Int) -> Int? {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                depth += 1
                if depth > SquareBracketNesting.maximumDepth { return index }
                index += 1
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                index += 1
            case UInt8(ascii: "/") where at("//"):
                // A comment ends at a CR as at an LF, as the Swift lexer ends it.
                while index < bytes.count, !Self.isLineBreak(bytes[index]) { index += 1 }
            case UInt8(ascii: "/") where at("/*"):
                skipBlockComment()
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var hashes = 0
                while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                index += hashes
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                let multiline = at("\"\"\"")
                index += multiline ? 3 : 1
                contexts.append(.string(hashes: hashes, multiline: multiline, quote: UInt8(ascii: "\"")))
            case UInt8(ascii: "'"):
                // Not Swift, but swift-syntax lexes `'…'` as a string literal (to say "use \""),
                // up to the next `'` or the line's end: a `/*` or `[` in it is text. Taken for
                // code here, a `/*` in one hid 30 real brackets after it (the fuzz target's find).
                index += 1
                contexts.append(.string(hashes: 0, multiline: false, quote: UInt8(ascii: "'")))
            case UInt8(ascii: "(") where contexts.count > 1:
                contexts[contexts.count - 1] = .code(openParentheses: openParentheses + 1)
                index += 1
            case UInt8(ascii: ")") where contexts.count > 1:
                if openParentheses == 0 {
                    contexts.removeLast()  // the interpolation's end: back in its string
                } else {
                    contexts[contexts.count - 1] = .code(openParentheses: openParentheses - 1)
                }
                index += 1
            default:
                index += 1
            }
            return nil
        }

        /// One character of a string literal: an escape, an interpolation's start, the
        /// closing delimiter, or text.
        private mutating func stepInString(hashes: Int, multiline: Bool, quote: UInt8) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    contexts.append(.code(openParentheses: 0))
                }
                index += 1  // the escaped character (or the interpolation's parenthesis)
            } else if byte == quote, !multiline || at("\"\"\""), hashesFollow(hashes, from: index + (multiline ? 3 : 1)) {
                index += (multiline ? 3 : 1) + hashes
                contexts.removeLast()
            } else if Self.isLineBreak(byte), !multiline {
                index += 1
                contexts.removeLast()  // an unclosed string ends with its line, as the parser recovers
            } else {
                index += 1
            }
        }

        /// `/* … */`, nested as Swift nests them; an unclosed one runs to the end.
        private mutating func skipBlockComment() {
            var open = 0
            while index < bytes.count {
                if at("/*") {
                    open += 1
                    index += 2
                } else if at("*/") {
                    open -= 1
                    index += 2
                    if open == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// LF or CR: either ends a line for the Swift lexer.
        private static func isLineBreak(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        private func at(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
            return true
        }

        private func hashesFollow(_ hashes: Int, from start: Int) -> Bool {
            guard start + hashes <= bytes.count else { return false }
            for offset in 0..<hashes where bytes[start + offset] != UInt8(ascii: "#") { return false }
            return true
        }
    }
}
