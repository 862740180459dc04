import Foundation

/// A parsed `--where` expression (the language is in `docs/expressions.md`).
public indirect enum Expression: @unchecked Sendable {
    /// How two values are compared.
    public enum Comparison: String, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// A literal value.
    public enum Literal: Sendable {
        case string([UInt8])
        case number(ExactNumberText)
        case bool(Bool)
        case null
        /// An instant, seconds since 2001-01-01T00:00:00Z.
        case date(Double)
    }

    case literal(Literal)
    /// The first value a path reaches (missing when it reaches none).
    case path(FieldPath)
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    /// A comparison; `column` is where its operator is, for errors.
    case compare(Comparison, Expression, Expression, column: Int)
    /// String contains substring, or array contains an element equal to the value.
    case contains(Expression, Expression)
    case startsWith(Expression, Expression)
    /// String matches the regular expression (anywhere, unless anchored).
    case matches(Expression, Regex<AnyRegexOutput>)
    /// The path reaches a value (`null` included).
    case exists(FieldPath)
    /// Length: characters of a string (Unicode scalars), elements, members; 0 for null.
    case length(Expression)
    /// The value read as an instant with its field's date strategy.
    case date(Expression, column: Int)
}

/// The text of a number literal, compared exactly.
public struct ExactNumberText: Sendable {
    let value: ExactNumber
}

/// A syntax error in an expression: what was expected, at a 1-based column of its text.
public struct ExpressionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 1-based column (in characters) of the offending token.
    public var column: Int

    public var description: String { "\(message) (column \(column))" }
}

extension Expression {
    /// Nesting deeper than this (parentheses, `not`, operands of operators) is a syntax error,
    /// so evaluation never recurses without bound.
    public static let maxNesting = 64

    /// At most this many `and`/`or` operators in one expression (their chains nest as well).
    public static let maxConnectives = 256

    /// Parses an expression.
    public init(parsing text: String) throws(ExpressionSyntaxError) {
        var parser = ExpressionParser(text)
        self = try parser.parseWhole()
    }

}
