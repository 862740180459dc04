import SwiftSyntax

/// A stored instance property as declared: what synthesized `Codable` sees of a struct or class.
struct StoredProperty {
    let name: String
    let nameToken: TokenSyntax
    /// The written type; `nil` when it is inferred from `initializer`.
    let type: TypeSyntax?
    let initializer: ExprSyntax?
    let isLet: Bool
    let file: SwiftSourceFile
    /// Its property wrapper, if it has one (`@Published`).
    let wrapper: AttributeSyntax?

    /// Whether the property has a value without decoding: an initializer, or an optional `var`
    /// (implicitly `nil`).
    var hasDefault: Bool {
        if initializer != nil { return true }
        guard !isLet, let type else { return false }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" { return true }
        if let member = type.as(MemberTypeSyntax.self), member.name.text == "Optional" { return true }
        return false
    }

    /// The stored instance properties a type's own body declares, in order (extensions cannot
    /// add stored properties). `static`, `class`, `lazy` and computed properties are left out.
    static func all(in type: DeclaredType) throws(Unsupported) -> [StoredProperty] {
        var result: [StoredProperty] = []
        for member in type.members where !member.fromExtension {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let ignored: Set<Keyword> = [.static, .class, .lazy]
            if variable.modifiers.contains(where: { modifier in
                if case .keyword(let keyword) = modifier.name.tokenKind { return ignored.contains(keyword) }
                return false
            }) {
                continue
            }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let wrapper = SynthesisCheck.propertyWrapper(in: variable.attributes)
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() {
                if isComputed(binding) { continue }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    throw Unsupported(
                        reason: "`\(type.qualifiedName)` declares `\(binding.pattern.trimmedDescription)` "
                            + "by destructuring (\(member.file.shortLocation(of: binding))); write one property per name"
                    )
                }
                // `var a, b: Int`: a binding without a type or value takes the next written type.
                var written = binding.typeAnnotation?.type
                if written == nil, binding.initializer == nil {
                    written = bindings[(position + 1)...].lazy.compactMap { $0.typeAnnotation?.type }.first
                }
                result.append(
                    StoredProperty(
                        name: pattern.identifier.identifierName, nameToken: pattern.identifier, type: written,
                        initializer: binding.initializer?.value, isLet: isLet, file: member.file, wrapper: wrapper))
            }
        }
        return result
    }

    /// A getter (or `get`/`set` accessors) makes a computed property; `willSet`/`didSet` alone
    /// observe a stored one.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: return false
        case .getter?: return true
        case .accessors(let accessors)?:
            return accessors.contains { accessor in
                accessor.accessorSpecifier.tokenKind != .keyword(.willSet)
                    && accessor.accessorSpecifier.tokenKind != .keyword(.didSet)
            }
        }
    }
}
