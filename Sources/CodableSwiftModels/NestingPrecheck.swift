/// Bounds on what a model file may nest, checked before the Swift parser sees the file: past
/// them swift-syntax (602, 603) takes exponential time or runs out of stack.
///
/// - Square brackets: it looks ahead at each `[` for InlineArray sugar (`[3 of Int]`) before it
///   parses an ordinary array or dictionary, so directly nested brackets take time exponential
///   in their depth: 22 of them (`[[[…`, or `let a: [[[…Int]]]`) take half a second, 24 two
///   seconds, 40 would take days. Models nest a handful; past 10 the file is refused.
/// - Angle brackets (`A<B<C<…`), `->` in one type (`(A) -> (B) -> …`), `#if` inside `#if`,
///   `try`, `await` and the like in a row (`try try …`), and `else if` chains (the bodies of
///   the chains a chain is inside of count too): it parses each level by recursion, with no
///   bound of its own (its nesting limit counts parentheses and braces), and a few thousand
///   levels overflowed the stack (the angle brackets found by the swift-model-reader fuzz
///   target). Past 64 (`else if`: 128) the file is refused.
///
/// Angle brackets and arrows are counted in a run that ends where no type can go on: at `{`,
/// `}`, `;`, `=` and the keywords that begin a declaration or statement. A `<` or `>` that is a
/// comparison counts too, so the count is never less than the parser's depth.
///
/// A string literal with an interpolation counts differently, from its first `\(` to the end of
/// the outermost literal: every `[` in it counts, in code, nested strings and comments alike, and
/// no `]` takes one off. swift-syntax's recovery reads a broken interpolation's text as code (a
/// `"` after a finished expression, as in `"\(a" [[[…`, closes the outer literal), and no
/// lexer-level scan can tell which; counted this way, no reading of it nests deeper than the count.
/// So does the rest of the file after a `/…/` on one line that swift-syntax may read as a regex
/// literal or as division, where the two readings open different literals or comments (a quote
/// inside, or a `/*` at its end, as in `/"/`): which one it takes depends on heuristics of its own.
enum NestingPrecheck {
    /// What a file nests too deeply.
    enum Excess: Equatable, Sendable {
        case squareBrackets, squareBracketsInInterpolatedString, squareBracketsAfterAmbiguousSlashes
        case angleBrackets, arrows, conditionalBlocks, elseIfChain, prefixKeywords

        /// The most allowed.
        var limit: Int {
            switch self {
            case .squareBrackets, .squareBracketsInInterpolatedString, .squareBracketsAfterAmbiguousSlashes: return 10
            case .elseIfChain: return 128
            default: return 64
            }
        }

        /// The message that refuses the file.
        var message: String {
            switch self {
            case .squareBrackets:
                return
                    "square brackets nested more than \(limit) deep: codable does not read such a model (the Swift parser takes time exponential in their depth)"
            case .squareBracketsAfterAmbiguousSlashes:
                return
                    "more than \(limit) '[' after a '/…/' that may be a regex literal with a quote or comment in it, with those around it: codable does not read such a model (the Swift parser may read them as code, and takes time exponential in the brackets' depth)"
            case .squareBracketsInInterpolatedString:
                return
                    "more than \(limit) '[' in a string literal with an interpolation, with those around it: codable does not read such a model (the Swift parser may read an interpolation's text as code, and takes time exponential in the brackets' depth)"
            case .angleBrackets:
                return
                    "angle brackets nested more than \(limit) deep: codable does not read such a model (the Swift parser would run out of stack)"
            case .arrows:
                return
                    "more than \(limit) '->' in one type: codable does not read such a model (the Swift parser would run out of stack)"
            case .conditionalBlocks:
                return
                    "#if nested more than \(limit) deep: codable does not read such a model (the Swift parser would run out of stack)"
            case .elseIfChain:
                return
                    "more than \(limit) 'else if' in one chain: codable does not read such a model (the Swift parser would run out of stack)"
            case .prefixKeywords:
                return
                    "more than \(limit) 'try', 'await' or the like in a row: codable does not read such a model (the Swift parser would run out of stack)"
            }
        }
    }

    /// The first place in code that goes past a bound, and which, or nil. Comments and string
    /// literals do not count; a string's interpolations (`"\(…)"`) do, as the parser reads those
    /// as code.
    static func firstExcess(in bytes: [UInt8]) -> (offset: Int, excess: Excess)? {
        var scanner = Scanner(bytes: bytes)
        return scanner.firstExcess()
    }

    /// A minimal Swift lexer: it knows comments, string literals (raw, multi-line, and the
    /// single-quoted ones swift-syntax lexes as strings to diagnose them) and interpolations,
    /// which is all it takes to tell a code bracket from a quoted one.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var squareDepth = 0
        var angleDepth = 0
        var arrows = 0
        var conditionalDepth = 0
        /// `else if` in the chain at this brace level, and in the chains around each open brace
        /// (their sum bounded as one count: a chain inside a body adds to the chain around it).
        var elseIfs = 0
        var enclosingElseIfs: [Int] = []
        var enclosingElseIfTotal = 0
        /// The last token was `}`: the chain at its level ends unless `else` comes next.
        var afterClosingBrace = false
        var afterElse = false
        var prefixKeywordRun = 0
        /// Where the scanner is: code (at the top or inside an interpolation, with the count of
        /// parentheses opened since it began) or inside a string literal, closed by `quote`.
        enum Context {
            case code(openParentheses: Int)
            case string(hashes: Int, multiline: Bool, quote: UInt8)
        }
        var contexts: [Context] = [.code(openParentheses: 0)]
        /// The square-bracket depth where the outermost string literal began, once an
        /// interpolation has opened in it: from there to its end every `[` counts and no `]`
        /// takes one off, and its end goes back to this depth. Nil outside such a literal.
        var interpolatedStringDepth: Int?
        /// Past a `/…/` that reads as a regex literal or as division with different literals or
        /// comments opened: from there on every `[` counts, anywhere, and no `]` takes one off.
        var afterAmbiguousSlashes = false
        /// Inside a string literal with an interpolation, or past ambiguous slashes: every `[`
        /// counts, in text too, and no `]` takes one off.
        var countsEveryBracket: Bool { interpolatedStringDepth != nil || afterAmbiguousSlashes }

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func firstExcess() -> (offset: Int, excess: Excess)? {
            while index < bytes.count {
                switch contexts[contexts.count - 1] {
                case .code(let openParentheses):
                    if let excess = stepInCode(openParentheses: openParentheses) { return excess }
                case .string(let hashes, let multiline, let quote):
                    if let excess = stepInString(hashes: hashes, multiline: multiline, quote: quote) { return excess }
                }
            }
            return nil
        }

        /// One token's worth of code; where it goes past a bound, and which.
        private mutating func stepInCode(openParentheses: Int) -> (offset: Int, excess: Excess)? {
            let byte = bytes[index]
            if !Self.isWhitespace(byte) && !Self.isIdentifierStart(byte) && !at("//") && !at("/*") {
                // `try?` and `try!` go on a run of prefix keywords.
                let continuesRun = byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
                if let excess = noteToken(nil, continuesPrefixKeywordRun: continuesRun) { return (index, excess) }
            }
            switch byte {
            case UInt8(ascii: "["):
                if let excess = riseSquare() { return (index, excess) }
                index += 1
            case UInt8(ascii: "]"):
                if !countsEveryBracket { Self.fall(&squareDepth) }
                index += 1
            case UInt8(ascii: "<"):
                if Self.rise(&angleDepth, past: .angleBrackets) { return (index, .angleBrackets) }
                index += 1
            case UInt8(ascii: ">"):
                Self.fall(&angleDepth)
                index += 1
            case UInt8(ascii: "-") where at("->"):
                if Self.rise(&arrows, past: .arrows) { return (index, .arrows) }
                index += 2
            case UInt8(ascii: "{"):
                endTypeRun()
                enclosingElseIfs.append(elseIfs)
                enclosingElseIfTotal += elseIfs
                elseIfs = 0
                index += 1
            case UInt8(ascii: "}"):
                endTypeRun()
                if let enclosing = enclosingElseIfs.popLast() {
                    elseIfs = enclosing
                    enclosingElseIfTotal -= enclosing
                }
                afterClosingBrace = true
                index += 1
            case UInt8(ascii: ";"), UInt8(ascii: "="):
                endTypeRun()
                index += 1
            case _ where Self.isIdentifierStart(byte):
                let start = index
                while index < bytes.count,
                    Self.isIdentifierStart(bytes[index]) || bytes[index] &- UInt8(ascii: "0") < 10
                { index += 1 }
                let keyword = Keyword(bytes[start..<index])
                if keyword == .beginsDeclarationOrStatement { endTypeRun() }
                if let excess = noteToken(bytes[start..<index], keyword) { return (start, excess) }
            case UInt8(ascii: "#") where at("#if") || at("#endif"):
                let opens = at("#if")
                index += opens ? 3 : 6
                guard index == bytes.count || !Self.isIdentifierStart(bytes[index]) else { break }  // `#iffy`
                if !opens {
                    Self.fall(&conditionalDepth)
                } else if Self.rise(&conditionalDepth, past: .conditionalBlocks) {
                    return (index - 3, .conditionalBlocks)
                }
            case UInt8(ascii: "/") where at("//"):
                // A comment ends at a CR as at an LF, as the Swift lexer ends it.
                while index < bytes.count, !Self.isLineBreak(bytes[index]) {
                    if let excess = riseSquareInText() { return (index, excess) }
                    index += 1
                }
            case UInt8(ascii: "/") where at("/*"):
                if let excess = skipBlockComment() { return excess }
            case UInt8(ascii: "/"):
                if startsAmbiguousSlashes() { afterAmbiguousSlashes = true }
                index += 1
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var hashes = 0
                while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                index += hashes
                if hashes > 0, index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                    let start = index + 1
                    if !skipExtendedRegex(hashes: hashes) {
                        // Not closed: swift-syntax's recovery may read what follows as code.
                        index = start
                        afterAmbiguousSlashes = true
                    }
                    break
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                let multiline = at("\"\"\"")
                index += multiline ? 3 : 1
                contexts.append(.string(hashes: hashes, multiline: multiline, quote: UInt8(ascii: "\"")))
            case UInt8(ascii: "`"):
                // A raw identifier (`` `a "b" /*` ``) is a name, up to the next backtick on its line.
                index += 1
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "`"), !Self.isLineBreak(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "`") { index = end + 1 }
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
            case _ where Self.isLineBreak(byte) && contexts.count > 1:
                endSingleLineStrings()
                index += 1
            default:
                index += 1
            }
            return nil
        }

        /// One character of a string literal: an escape, an interpolation's start, the
        /// closing delimiter, or text.
        private mutating func stepInString(hashes: Int, multiline: Bool, quote: UInt8) -> (offset: Int, excess: Excess)?
        {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                index += 1 + hashes
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                    if interpolatedStringDepth == nil { interpolatedStringDepth = squareDepth }
                    contexts.append(.code(openParentheses: 0))
                }
                index += 1  // the escaped character (or the interpolation's parenthesis)
            } else if byte == quote, !multiline || at("\"\"\""), hashesFollow(hashes, from: index + (multiline ? 3 : 1))
            {
                index += (multiline ? 3 : 1) + hashes
                endString()
            } else if Self.isLineBreak(byte), !multiline {
                index += 1
                endSingleLineStrings()  // an unclosed string ends with its line, as the parser recovers
            } else {
                if let excess = riseSquareInText() { return (index, excess) }
                index += 1
            }
            return nil
        }

        /// Leaves the string literal the scanner is in; the outermost one's end goes back to
        /// the depth before it.
        private mutating func endString() {
            contexts.removeLast()
            if contexts.count == 1, let depth = interpolatedStringDepth {
                if !afterAmbiguousSlashes { squareDepth = depth }
                interpolatedStringDepth = nil
            }
        }

        /// A line break ends every single-line string literal open at it, and the
        /// interpolations inside them, out to the code around the outermost one (or to a
        /// multi-line literal's interpolation), as the Swift lexer ends them.
        private mutating func endSingleLineStrings() {
            while contexts.count > 1 {
                switch contexts[contexts.count - 1] {
                case .string(_, let multiline, _) where !multiline:
                    endString()
                case .code:
                    guard case .string(_, false, _) = contexts[contexts.count - 2] else { return }
                    contexts.removeLast()
                default:
                    return
                }
            }
        }

        /// A `[` in code: one level deeper.
        private mutating func riseSquare() -> Excess? {
            let excess: Excess =
                afterAmbiguousSlashes
                ? .squareBracketsAfterAmbiguousSlashes
                : interpolatedStringDepth == nil ? .squareBrackets : .squareBracketsInInterpolatedString
            return Self.rise(&squareDepth, past: excess) ? excess : nil
        }

        /// A `[` in text (a string literal's or a comment's) counts only where every one does.
        private mutating func riseSquareInText() -> Excess? {
            guard countsEveryBracket, bytes[index] == UInt8(ascii: "[") else { return nil }
            return riseSquare()
        }

        /// At a `/` in code that starts no comment: whether a `/` closes it on the same line (a
        /// regex literal may start there: not before a space, a tab or a line's end), with a
        /// quote, backtick or `#` between them or a `*` or `/` after the closing one, so that
        /// reading it as a regex or as division opens different literals or comments.
        private func startsAmbiguousSlashes() -> Bool {
            guard index + 1 < bytes.count, !Self.isWhitespace(bytes[index + 1]) else { return false }
            var end = index + 1
            var opener = false
            while end < bytes.count, !Self.isLineBreak(bytes[end]) {
                switch bytes[end] {
                case UInt8(ascii: "\\"):
                    end += 1
                case UInt8(ascii: "/"):
                    let next = end + 1 < bytes.count ? bytes[end + 1] : 0
                    return opener || next == UInt8(ascii: "*") || next == UInt8(ascii: "/")
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "#"):
                    opener = true
                default:
                    break
                }
                end += 1
            }
            return false
        }

        /// An extended regex literal, from its `/` (after `hashes` `#`) to `/` and as many `#`:
        /// text, as a string's is. It spans lines when a line break follows the opening `#/`.
        /// Whether it is closed (on its line, or before the end for one that spans lines).
        private mutating func skipExtendedRegex(hashes: Int) -> Bool {
            index += 1
            let multiline = index < bytes.count && Self.isLineBreak(bytes[index])
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") {
                    index = min(index + 2, bytes.count)
                } else if bytes[index] == UInt8(ascii: "/"), hashesFollow(hashes, from: index + 1) {
                    index += 1 + hashes
                    return true
                } else if !multiline, Self.isLineBreak(bytes[index]) {
                    return false
                } else {
                    index += 1
                }
            }
            return false
        }

        /// `/* … */`, nested as Swift nests them; an unclosed one runs to the end. Inside a string
        /// literal with an interpolation its `[` count; where one goes past the bound, and which.
        private mutating func skipBlockComment() -> (offset: Int, excess: Excess)? {
            var open = 0
            while index < bytes.count {
                if at("/*") {
                    open += 1
                    index += 2
                } else if at("*/") {
                    open -= 1
                    index += 2
                    if open == 0 { return nil }
                } else {
                    if let excess = riseSquareInText() { return (index, excess) }
                    index += 1
                }
            }
            return nil
        }

        /// Follows `else if` chains and runs of prefix keywords through each token (`identifier`,
        /// or nil for any other token).
        private mutating func noteToken(
            _ identifier: ArraySlice<UInt8>?, _ keyword: Keyword? = nil, continuesPrefixKeywordRun: Bool = false
        ) -> Excess? {
            let isElse = identifier?.elementsEqual("else".utf8) ?? false
            if afterClosingBrace && !isElse { elseIfs = 0 }
            afterClosingBrace = false
            if afterElse, let identifier, identifier.elementsEqual("if".utf8) {
                elseIfs += 1
                if enclosingElseIfTotal + elseIfs > Excess.elseIfChain.limit { return .elseIfChain }
            }
            afterElse = isElse
            if keyword == .prefix {
                if Self.rise(&prefixKeywordRun, past: .prefixKeywords) { return .prefixKeywords }
            } else if !continuesPrefixKeywordRun {
                prefixKeywordRun = 0
            }
            return nil
        }

        /// Counts one more level of `counter`; whether that goes past `excess`'s limit.
        private static func rise(_ counter: inout Int, past excess: Excess) -> Bool {
            counter += 1
            return counter > excess.limit
        }

        /// Counts one level of `counter` closed (never below 0: a stray closer is no credit).
        private static func fall(_ counter: inout Int) {
            counter = max(0, counter - 1)
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
        }

        /// No type goes on past here: the angle brackets and arrows counted so far are done with.
        private mutating func endTypeRun() {
            angleDepth = 0
            arrows = 0
        }

        /// A byte that starts (or goes on) an identifier: a letter, `_`, `$`, or any byte of a
        /// character past ASCII.
        private static func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || byte >= 0x80
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

    /// The keywords the scan tells apart (any other identifier: nil).
    private enum Keyword {
        /// `func`, `var`, `return`, `if`, …: no type runs across one.
        case beginsDeclarationOrStatement
        /// `try`, `await`, `some`, …: the parser reads what follows by recursion.
        case prefix

        private static let table: [[UInt8]: Keyword] = {
            var table: [[UInt8]: Keyword] = [:]
            for word in [
                "func", "var", "let", "case", "init", "subscript", "typealias", "struct", "class", "enum", "protocol",
                "extension", "actor", "import", "return", "if", "guard", "else", "while", "for", "switch", "default",
            ] {
                table[Array(word.utf8)] = .beginsDeclarationOrStatement
            }
            for word in [
                "try", "await", "consume", "copy", "each", "repeat", "unsafe", "some", "any", "inout", "borrowing",
                "consuming", "sending",
            ] {
                table[Array(word.utf8)] = .prefix
            }
            return table
        }()

        /// The keyword `identifier` spells, if any (none is longer than 9 bytes).
        init?(_ identifier: ArraySlice<UInt8>) {
            guard identifier.count <= 9, let keyword = Self.table[Array(identifier)] else { return nil }
            self = keyword
        }
    }
}
