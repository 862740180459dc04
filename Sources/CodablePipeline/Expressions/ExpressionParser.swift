import CodableDates
import Foundation

/// A recursive-descent parser for `--where` expressions. Precedence, loosest first: `or`,
/// `and`, `not`, then one comparison (`== != < <= > >=`, `contains`, `startsWith`, `matches`)
/// between two operands (literals, paths, function calls, parenthesised expressions).
struct ExpressionParser {
    private let characters: [Character]
    private var index = 0
    private var depth = 0
    /// `and`/`or` operators so far: their chains nest too, so they are bounded as well.
    private var connectives = 0

    init(_ text: String) {
        characters = Array(text)
    }

    mutating func parseWhole() throws(ExpressionSyntaxError) -> Expression {
        skipSpace()
        guard index < characters.count else { throw error("empty expression") }
        let expression = try parseOr()
        skipSpace()
        guard index == characters.count else {
            throw error("unexpected '\(characters[index])'; expected 'and', 'or', or the end")
        }
        return expression
    }

    // MARK: Grammar

    private mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
        var left = try parseAnd()
        while take(word: "or") {
            try countConnective()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
        var left = try parseUnary()
        while take(word: "and") {
            try countConnective()
            left = .and(left, try parseUnary())
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionSyntaxError) -> Expression {
        skipSpace()
        let start = index
        if take(word: "not") {
            try enter(at: start)
            defer { depth -= 1 }
            return .not(try parseUnary())
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
        let left = try parseOperand()
        skipSpace()
        let column = index + 1
        for comparison in [Expression.Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where take(symbol: comparison.rawValue) {
            return .compare(comparison, left, try parseOperand(after: "'\(comparison.rawValue)'"), column: column)
        }
        if take(word: "contains") { return .contains(left, try parseOperand(after: "'contains'")) }
        if take(word: "startsWith") { return .startsWith(left, try parseOperand(after: "'startsWith'")) }
        if take(word: "matches") {
            skipSpace()
            let patternColumn = index
            guard case .literal(.string(let pattern)) = try parseOperand(after: "'matches'") else {
                index = patternColumn
                throw error("'matches' takes a string literal (a regular expression)")
            }
            do {
                return .matches(left, try Regex(String(decoding: pattern, as: UTF8.self)))
            } catch {
                index = patternColumn
                throw self.error("invalid regular expression: \(error)")
            }
        }
        if index < characters.count, "=!<>".contains(characters[index]) {
            throw error("unknown operator; expected ==, !=, <, <=, > or >=")
        }
        return left
    }

    private mutating func parseOperand(after what: String? = nil) throws(ExpressionSyntaxError) -> Expression {
        skipSpace()
        guard index < characters.count else {
            throw error(what.map { "expected a value after \($0)" } ?? "expected a value")
        }
        let start = index
        let character = characters[index]
        switch character {
        case "(":
            try enter(at: start)
            defer { depth -= 1 }
            index += 1
            let inner = try parseOr()
            skipSpace()
            guard take(symbol: ")") else { throw error("expected ')' to close the '(' at column \(start + 1)") }
            return inner
        case ".":
            return .path(try parsePath())
        case "\"":
            return .literal(.string(try parseString()))
        case "@":
            return .literal(.date(try parseDate()))
        case "-", "0"..."9":
            return .literal(.number(try parseNumber()))
        default:
            let word = readWord()
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            case "exists", "len", "date":
                skipSpace()
                guard take(symbol: "(") else { throw error("expected '(' after '\(word)'") }
                try enter(at: start)
                defer { depth -= 1 }
                let result: Expression
                if word == "exists" {
                    skipSpace()
                    guard index < characters.count, characters[index] == "." else {
                        throw error("exists takes a path, like exists(.owner.email)")
                    }
                    result = .exists(try parsePath())
                } else {
                    let argument = try parseOr()
                    result = word == "len" ? .length(argument) : .date(argument, column: start + 1)
                }
                skipSpace()
                guard take(symbol: ")") else { throw error("expected ')' to close '\(word)('") }
                return result
            case "":
                throw error("unexpected '\(character)'; expected a value (a path like .name, a literal, or a function)")
            default:
                index = start
                throw error("unknown word '\(word)'; paths start with '.', strings are in double quotes")
            }
        }
    }

    // MARK: Tokens

    private mutating func parsePath() throws(ExpressionSyntaxError) -> FieldPath {
        let start = index
        index += 1
        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character.isNumber || "_$.[]".contains(character)
                || character == "-" && index > start + 1
            {
                index += 1
            } else {
                break
            }
        }
        let text = String(characters[start..<index])
        guard text.count > 1 else {
            index = start
            throw error("expected a field name after '.'")
        }
        guard !text.contains("[]") else {
            index = start
            throw error("'[]' is not allowed in --where paths; use [0], [1], …")
        }
        do {
            return try FieldPath(parsing: text)
        } catch {
            index = start + error.column - 1
            throw self.error(error.message)
        }
    }

    private mutating func parseString() throws(ExpressionSyntaxError) -> [UInt8] {
        let start = index
        index += 1
        var text = "\""
        while index < characters.count && characters[index] != "\"" {
            if characters[index] == "\\" && index + 1 < characters.count {
                text.append(characters[index])
                index += 1
            }
            text.append(characters[index])
            index += 1
        }
        guard index < characters.count else {
            index = start
            throw error("unterminated string")
        }
        index += 1
        text.append("\"")
        guard let value = try? JSONDecoder().decode(String.self, from: Data(text.utf8)) else {
            index = start
            throw error("invalid escape in string (JSON escapes only)")
        }
        return Array(value.utf8)
    }

    private mutating func parseNumber() throws(ExpressionSyntaxError) -> ExactNumberText {
        let start = index
        while index < characters.count, "0123456789+-.eE".contains(characters[index]) { index += 1 }
        let text = String(characters[start..<index])
        guard isJSONNumber(text), let value = ExactNumber(text: Array(text.utf8)) else {
            index = start
            if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil {
                var end = start
                while end < characters.count, !characters[end].isWhitespace, characters[end] != ")" { end += 1 }
                throw error("invalid number '\(text)' (a date is written @\(String(characters[start..<end])))")
            }
            throw error("invalid number '\(text)'")
        }
        return ExactNumberText(value: value)
    }

    private mutating func parseDate() throws(ExpressionSyntaxError) -> Double {
        let start = index
        index += 1
        while index < characters.count, !characters[index].isWhitespace, characters[index] != ")" { index += 1 }
        var text = String(characters[(start + 1)..<index])
        if text.count == 10 { text += "T00:00:00Z" }  // @2024-03-01: midnight UTC
        guard let date = ISO8601Parser.parse(text) else {
            index = start
            throw error("invalid date literal; write @2024-03-01 or @2024-03-01T09:30:00Z (ISO-8601 with a time zone)")
        }
        return date.timeIntervalSinceReferenceDate
    }

    private func isJSONNumber(_ text: String) -> Bool {
        text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
    }

    private mutating func readWord() -> String {
        var word = ""
        while index < characters.count, characters[index].isLetter {
            word.append(characters[index])
            index += 1
        }
        return word
    }

    private mutating func take(word: String) -> Bool {
        skipSpace()
        let end = index + word.count
        guard end <= characters.count, String(characters[index..<end]) == word else { return false }
        if end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
            return false
        }
        index = end
        return true
    }

    private mutating func take(symbol: String) -> Bool {
        skipSpace()
        let end = index + symbol.count
        guard end <= characters.count, String(characters[index..<end]) == symbol else { return false }
        index = end
        return true
    }

    private mutating func skipSpace() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    private mutating func enter(at start: Int) throws(ExpressionSyntaxError) {
        depth += 1
        guard depth <= Expression.maxNesting else {
            index = start
            throw error("expression nested deeper than \(Expression.maxNesting) levels")
        }
    }

    private mutating func countConnective() throws(ExpressionSyntaxError) {
        connectives += 1
        guard connectives <= Expression.maxConnectives else {
            throw error("more than \(Expression.maxConnectives) 'and'/'or' operators")
        }
    }

    private func error(_ message: String) -> ExpressionSyntaxError {
        ExpressionSyntaxError(message: message, column: index + 1)
    }
}
