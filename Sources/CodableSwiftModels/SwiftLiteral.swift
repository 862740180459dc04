import CodableModels
import CodableParsing
import SwiftParser
import SwiftSyntax

/// The JSON text `JSONEncoder` writes for a literal initial value (`let version = 2`), and the
/// type Swift infers for it when none is written.
struct SwiftLiteral {
    /// JSON text: `2`, `1.5`, `"v2"`, `true`, `null`, `[1,2]`, `{"a":1}`.
    let json: String
    /// The inferred type (`nil` for `nil` and empty collections, which Swift cannot infer alone).
    let inferredType: TypeReference?

    /// Reads a literal expression; `nil` when `expression` is not one (a call, an interpolated
    /// string, a reference to another value).
    init?(_ expression: ExprSyntax) {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            guard let value = integer.representedLiteralValue else { return nil }
            self.init(json: String(value), inferredType: .integer(.int))
        } else if let float = expression.as(FloatLiteralExprSyntax.self) {
            guard let value = float.representedLiteralValue, value.isFinite else { return nil }
            self.init(json: Self.number(value), inferredType: .double)
        } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let operand = SwiftLiteral(prefix.expression),
            operand.inferredType == .integer(.int) || operand.inferredType == .double
        {
            let json = operand.json == "0" ? "0" : "-" + operand.json
            self.init(json: json, inferredType: operand.inferredType)
        } else if let string = expression.as(StringLiteralExprSyntax.self) {
            guard let value = string.representedLiteralValue else { return nil }
            self.init(json: Self.quoted(value), inferredType: .string)
        } else if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            self.init(json: boolean.literal.tokenKind == .keyword(.true) ? "true" : "false", inferredType: .bool)
        } else if expression.is(NilLiteralExprSyntax.self) {
            self.init(json: "null", inferredType: nil)
        } else if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [SwiftLiteral] = []
            for element in array.elements {
                guard let literal = SwiftLiteral(element.expression) else { return nil }
                elements.append(literal)
            }
            let element = Self.commonType(elements.map(\.inferredType))
            self.init(
                json: "[" + elements.map(\.json).joined(separator: ",") + "]", inferredType: element.map { .array($0) })
        } else if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = dictionary.content else {
                self.init(json: "{}", inferredType: nil)  // `[:]`
                return
            }
            var members: [String] = []
            var keys: [TypeReference?] = []
            var values: [TypeReference?] = []
            for element in list {
                // JSONEncoder writes String and Int keys as object keys.
                guard let key = SwiftLiteral(element.key), let value = SwiftLiteral(element.value) else { return nil }
                switch key.inferredType {
                case .string?: members.append(key.json + ":" + value.json)
                case .integer?: members.append(Self.quoted(key.json) + ":" + value.json)
                default: return nil
                }
                keys.append(key.inferredType)
                values.append(value.inferredType)
            }
            let type = Self.commonType(keys).flatMap { key in
                Self.commonType(values).map { TypeReference.dictionary(key: key, value: $0) }
            }
            self.init(json: "{" + members.joined(separator: ",") + "}", inferredType: type)
        } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.label == nil
        {
            self.init(only.expression)  // `(1)`
        } else {
            return nil
        }
    }

    private init(json: String, inferredType: TypeReference?) {
        self.json = json
        self.inferredType = inferredType
    }

    /// The type Swift infers for a collection literal's elements: one type, or `Double` for a
    /// mix of integer and floating-point literals.
    private static func commonType(_ types: [TypeReference?]) -> TypeReference? {
        guard let first = types.first, var common = first else { return nil }
        for type in types.dropFirst() {
            guard let type else { return nil }
            if type == common { continue }
            if Set([type, common]) == [.integer(.int), .double] {
                common = .double
            } else {
                return nil
            }
        }
        return common
    }

    /// A `Double` as `JSONEncoder` writes it: integral values without a fraction (`1`, not `1.0`).
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON string, escaped as the project's writer does: `"`, `\` and control characters.
    static func quoted(_ value: String) -> String { JSONString.quoted(value) }
}
