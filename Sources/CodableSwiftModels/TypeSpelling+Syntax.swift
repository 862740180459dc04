import CodableModels
import SwiftSyntax

extension TypeSpelling {
    /// The spelling of a type written in Swift source.
    init(_ syntax: TypeSyntax) {
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            self = .named([
                Component(
                    name: identifier.name.identifierName, arguments: Self.arguments(identifier.genericArgumentClause))
            ])
        } else if let member = syntax.as(MemberTypeSyntax.self) {
            let component = Component(
                name: member.name.identifierName, arguments: Self.arguments(member.genericArgumentClause))
            if case .named(let base) = TypeSpelling(member.baseType) {
                self = .named(base + [component])
            } else {
                self = .unsupported(syntax.trimmedDescription)
            }
        } else if let array = syntax.as(ArrayTypeSyntax.self) {
            self = .array(TypeSpelling(array.element))
        } else if let dictionary = syntax.as(DictionaryTypeSyntax.self) {
            self = .dictionary(key: TypeSpelling(dictionary.key), value: TypeSpelling(dictionary.value))
        } else if let optional = syntax.as(OptionalTypeSyntax.self) {
            self = .optional(TypeSpelling(optional.wrappedType))
        } else if let unwrapped = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(TypeSpelling(unwrapped.wrappedType))
        } else if let attributed = syntax.as(AttributedTypeSyntax.self) {
            self = TypeSpelling(attributed.baseType)
        } else if let tuple = syntax.as(TupleTypeSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.firstName == nil
        {
            self = TypeSpelling(only.type)  // `(Int)` is `Int`
        } else {
            self = .unsupported(syntax.trimmedDescription)
        }
    }

    private static func arguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeSpelling] {
        guard let clause else { return [] }
        return clause.arguments.map { argument in
            switch argument.argument {
            case .type(let type): return TypeSpelling(type)
            default: return .unsupported(argument.trimmedDescription)
            }
        }
    }
}
