import CodableModels
import SwiftSyntax

/// Why a type written in the model files has no Codable meaning.
enum TypeProblem: Error {
    /// A name that is neither declared in the files nor a builtin Codable type.
    case unknown(String)
    /// A declared type that does not conform to `Decodable`.
    case notDecodable(name: String, location: String)
    /// A tuple, a function, an existential …
    case notCodable(String)
    /// A generic type given the wrong number of arguments.
    case argumentCount(name: String, expected: Int, given: Int)
    /// A typealias that expands to itself.
    case aliasCycle(String)
    /// An `ID` that is the type of an `id` declared as that `ID`.
    case cycle(String)

    /// The end of a sentence that starts "`Todo.owner` has type `User`, which …".
    var explanation: String {
        switch self {
        case .unknown(let name):
            return "`\(name)` is neither a builtin Codable type nor declared in the model files"
        case .notDecodable(let name, let location):
            return "`\(name)` does not conform to Codable or Decodable (\(location))"
        case .notCodable(let text):
            return "`\(text)` is not a type Codable can decode"
        case .argumentCount(let name, let expected, let given):
            return "`\(name)` takes \(expected) generic argument\(expected == 1 ? "" : "s"), not \(given)"
        case .aliasCycle(let name):
            return "the typealias `\(name)` refers to itself"
        case .cycle(let name):
            return "`\(name)` refers to itself"
        }
    }
}

/// Resolves types written in the model files to `TypeReference`s with Swift's name lookup:
/// generic parameters and nested types of the enclosing types from the inside out, then
/// file-level declarations, then the standard library and Foundation.
struct SwiftTypeResolver {
    let index: DeclarationIndex
    let conformance: ConformanceChecker

    /// The reference for `syntax` written inside `scope` (`nil`: at file level).
    func resolve(_ syntax: TypeSyntax, in scope: DeclaredType?) throws(TypeProblem) -> TypeReference {
        try resolve(TypeSpelling(syntax), in: scope, substitutions: [:], depth: 0)
    }

    private func resolve(
        _ spelling: TypeSpelling, in scope: DeclaredType?, substitutions: [String: TypeReference], depth: Int
    ) throws(TypeProblem) -> TypeReference {
        switch spelling {
        case .array(let element):
            return .array(try resolve(element, in: scope, substitutions: substitutions, depth: depth))
        case .optional(let wrapped):
            return .optional(try resolve(wrapped, in: scope, substitutions: substitutions, depth: depth))
        case .dictionary(let key, let value):
            return .dictionary(
                key: try resolve(key, in: scope, substitutions: substitutions, depth: depth),
                value: try resolve(value, in: scope, substitutions: substitutions, depth: depth))
        case .unsupported(let text):
            throw .notCodable(text)
        case .named(let components):
            return try resolveName(components, in: scope, substitutions: substitutions, depth: depth)
        }
    }

    private func resolveName(
        _ components: [TypeSpelling.Component], in scope: DeclaredType?, substitutions: [String: TypeReference],
        depth: Int
    ) throws(TypeProblem) -> TypeReference {
        let first = components[0]
        let written = components.map(\.name).joined(separator: ".")
        var arguments: [TypeReference] = []
        for component in components {
            for argument in component.arguments {
                arguments.append(try resolve(argument, in: scope, substitutions: substitutions, depth: depth))
            }
        }
        if components.count == 1, first.arguments.isEmpty, let substitution = substitutions[first.name] {
            return substitution
        }
        // The first component, from the innermost scope outwards.
        var found: DeclaredType?
        var lookup = scope
        while found == nil, let current = lookup {
            if current.ownGenericParameters.contains(first.name) {
                guard components.count == 1, first.arguments.isEmpty else { throw .notCodable(written) }
                return .parameter(first.name)
            }
            if let nested = current.nestedTypes[first.name] {
                found = nested
            } else if let alias = current.typealiases[first.name] {
                return try expand(alias, components, arguments: arguments, from: scope, depth: depth)
            }
            lookup = current.parent
        }
        if found == nil {
            if let top = index.topLevelTypes[first.name] {
                found = top
            } else if let alias = index.topLevelAliases[first.name] {
                return try expand(alias, components, arguments: arguments, from: scope, depth: depth)
            }
        }
        guard var type = found else {
            switch TypeReference.builtin(named: components.map(\.name), arguments: arguments) {
            case .type(let builtin)?: return builtin
            case .wrongArgumentCount(let expected)?:
                throw .argumentCount(name: written, expected: expected, given: arguments.count)
            case nil: throw .unknown(written)
            }
        }
        for (position, component) in components.enumerated().dropFirst() {
            if let nested = type.nestedTypes[component.name] {
                type = nested
            } else if let alias = type.typealiases[component.name] {
                return try expand(alias, [component], arguments: arguments, from: scope, depth: depth)
            } else if component.name == "ID", position == components.count - 1, let id = identifierType(of: type) {
                guard depth < 32 else { throw .cycle(written) }
                return try resolve(TypeSpelling(id), in: type, substitutions: [:], depth: depth + 1)
            } else {
                throw .unknown(written)
            }
        }
        return try reference(to: type, written: written, arguments: arguments, from: scope)
    }

    /// `Identifiable`'s `ID` for a type that does not declare it: the written type of its `id`
    /// property (`Attendee.ID` is `UUID` when `Attendee` has `let id: UUID`).
    private func identifierType(of type: DeclaredType) -> TypeSyntax? {
        for member in type.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { continue }
            for binding in variable.bindings {
                if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName == "id" {
                    return binding.typeAnnotation?.type
                }
            }
        }
        return nil
    }

    /// A declared type used with `arguments`; inside a generic type, a nested type may be named
    /// without the enclosing type's arguments, which are then its parameters.
    private func reference(
        to type: DeclaredType, written: String, arguments: [TypeReference], from scope: DeclaredType?
    ) throws(TypeProblem) -> TypeReference {
        if type.kind == .protocolType { throw .notCodable(written) }  // an existential
        guard conformance.isDecodable(type) else {
            throw .notDecodable(name: type.qualifiedName, location: type.location)
        }
        let parameters = type.genericParameters
        if arguments.count == parameters.count { return .named(type.qualifiedName, arguments: arguments) }
        let outer = type.parent?.genericParameters ?? []
        if arguments.count == type.ownGenericParameters.count, let parent = type.parent, scope?.isInside(parent) == true
        {
            return .named(type.qualifiedName, arguments: outer.map { .parameter($0) } + arguments)
        }
        throw .argumentCount(name: written, expected: parameters.count, given: arguments.count)
    }

    /// A typealias, expanded where it is declared, its generic parameters replaced by `arguments`.
    private func expand(
        _ alias: DeclaredAlias, _ components: [TypeSpelling.Component], arguments: [TypeReference],
        from scope: DeclaredType?, depth: Int
    ) throws(TypeProblem) -> TypeReference {
        guard depth < 32 else { throw .aliasCycle(alias.name) }
        let written = components.map(\.name).joined(separator: ".")
        guard alias.genericParameters.count == arguments.count || components.count > 1 else {
            throw .argumentCount(name: written, expected: alias.genericParameters.count, given: arguments.count)
        }
        var substitutions: [String: TypeReference] = [:]
        if components.count == 1 {
            for (parameter, argument) in zip(alias.genericParameters, arguments) { substitutions[parameter] = argument }
        }
        let expanded = try resolve(
            TypeSpelling(alias.type), in: alias.scope, substitutions: substitutions, depth: depth + 1)
        guard components.count > 1 else { return expanded }
        // `Alias.Inner`: the alias must name a declared type.
        guard case .named(let qualified, _) = expanded,
            var type = index.type(qualifiedName: qualified.split(separator: ".").map(String.init))
        else { throw .unknown(written) }
        for component in components.dropFirst() {
            guard let nested = type.nestedTypes[component.name] else { throw .unknown(written) }
            type = nested
        }
        return try reference(to: type, written: written, arguments: arguments, from: scope)
    }
}
