import CodableModels
import SwiftSyntax

/// A reason a type's decoding cannot be read from source, and what would help; it becomes
/// `.unsupported(reason:remedy:)`.
struct Unsupported: Error {
    let reason: String
    var remedy: ModelRemedy? = nil
}

/// The checks every synthesized conformance needs, whatever the type's kind.
enum SynthesisCheck {
    /// Attributes that are not property wrappers.
    static let builtinAttributes: Set<String> = [
        "available", "objc", "nonobjc", "NSManaged", "NSCopying", "IBOutlet", "IBInspectable", "GKInspectable",
        "usableFromInline", "inlinable", "MainActor", "preconcurrency", "exclusivity", "_spi", "backDeployed",
        "warn_unqualified_access", "ObservationIgnored", "ObservationTracked", "Transient", "Attribute",
        "Relationship", "nonisolated", "_hasStorage", "_documentation", "export", "storageRestrictions",
    ]

    /// Throws when the type (or one of its extensions) implements `init(from:)` or `encode(to:)`
    /// itself: what it reads and writes is then code, not declarations.
    static func requireSynthesized(_ type: DeclaredType) throws(Unsupported) {
        for member in type.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                isSingleParameter(initializer.signature.parameterClause.parameters, labelled: "from")
            {
                throw Unsupported(
                    reason: "`\(type.qualifiedName)` has a hand-written init(from:) "
                        + "(\(member.file.shortLocation(of: initializer.initKeyword))); "
                        + "codable cannot know how it decodes", remedy: .describeWithSchema)
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                isSingleParameter(function.signature.parameterClause.parameters, labelled: "to")
            {
                throw Unsupported(
                    reason: "`\(type.qualifiedName)` has a hand-written encode(to:) "
                        + "(\(member.file.shortLocation(of: function.name))); "
                        + "codable cannot know how it encodes", remedy: .describeWithSchema)
            }
        }
    }

    /// The first property wrapper (`@Trimmed`) among a declaration's attributes.
    static func propertyWrapper(in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let name = attribute.attributeName.trimmedDescription
            if !builtinAttributes.contains(name) { return attribute }
        }
        return nil
    }

    private static func isSingleParameter(_ parameters: FunctionParameterListSyntax, labelled label: String) -> Bool {
        parameters.count == 1 && parameters.first?.firstName.text == label
    }
}
