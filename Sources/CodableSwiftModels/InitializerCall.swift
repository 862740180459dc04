import CodableModels
import SwiftParser
import SwiftSyntax

/// An initial value that calls a type's initializer: `[User]()`, `Set<String>()`,
/// `[String: Int]()`, `Date()`, `Foundation.UUID()`, `User(name: "x")`, `Array<Int>.init()`.
/// Swift infers the property's type from the called type, and so does codable.
struct InitializerCall {
    /// The called type, as written.
    let type: TypeSyntax
    /// Whether the call passes no arguments and no closure (`[User]()`): for collections,
    /// strings, numbers and `Bool`, its value is known without running code.
    let takesNothing: Bool

    /// Reads `expression`; `nil` when it is no call, or the called expression is no type (a
    /// function such as `makeUser()` parses as a type name and is left to the resolver).
    init?(_ expression: ExprSyntax) {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
            let base = member.base
        {
            callee = base  // `Array<Int>.init()`
        }
        let text = callee.trimmedDescription
        var parser = Parser(text)
        let type = TypeSyntax.parse(from: &parser)
        guard !type.hasError, type.trimmedDescription == text else { return nil }
        self.type = type
        self.takesNothing =
            call.arguments.isEmpty && call.trailingClosure == nil
            && call.additionalTrailingClosures.isEmpty
    }

    /// The JSON `JSONEncoder` writes for `T()` of a type whose empty value is fixed: `[]`, `{}`
    /// (a dictionary with `String` or `Int` keys), `""`, `0`, `false`; `nil` for any other type
    /// (`Date()` is the time of the call, `UUID()` random, a model type's value code).
    static func emptyValueJSON(of type: TypeReference) -> String? {
        switch type {
        case .array, .set: return "[]"
        case .dictionary(key: .string, value: _), .dictionary(key: .integer, value: _): return "{}"
        case .dictionary: return "[]"
        case .string: return "\"\""
        case .integer, .float, .double, .decimal: return "0"
        case .bool: return "false"
        default: return nil
        }
    }
}
