import CodableModels
import SwiftSyntax

/// Every type and typealias the model files declare, with extensions merged into the types they
/// extend, so that names can be looked up the way Swift does: from the inner scope outwards.
final class DeclarationIndex {
    /// File-level types by simple name.
    private(set) var topLevelTypes: [String: DeclaredType] = [:]
    /// File-level typealiases by name.
    private(set) var topLevelAliases: [String: DeclaredAlias] = [:]
    /// Every declared type, in file order, nested types after their parent.
    private(set) var allTypes: [DeclaredType] = []
    private var pendingExtensions: [(node: ExtensionDeclSyntax, file: SwiftSourceFile)] = []

    /// Indexes the files; two declarations of one name in one scope are an error, as in Swift.
    init(files: [SwiftSourceFile]) throws(ModelReadError) {
        for file in files {
            for item in file.tree.statements {
                if case .decl(let decl) = item.item { try collect(decl, in: nil, file: file, fromExtension: false) }
            }
        }
        try mergeExtensions()
    }

    /// The type with this qualified name (`SyncUp.Attendee`), looked up from file level.
    func type(qualifiedName components: [String]) -> DeclaredType? {
        guard let first = components.first, var type = topLevelTypes[first] else { return nil }
        for component in components.dropFirst() {
            guard let nested = type.nestedTypes[component] else { return nil }
            type = nested
        }
        return type
    }

    private func collect(_ decl: DeclSyntax, in parent: DeclaredType?, file: SwiftSourceFile, fromExtension: Bool)
        throws(ModelReadError)
    {
        if let node = decl.as(StructDeclSyntax.self) {
            try declare(
                .structure, node.name, node.genericParameterClause, node.inheritanceClause, node.memberBlock, parent,
                file)
        } else if let node = decl.as(ClassDeclSyntax.self) {
            let isFinal = node.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
            try declare(
                .classType(isFinal: isFinal), node.name, node.genericParameterClause, node.inheritanceClause,
                node.memberBlock, parent, file)
        } else if let node = decl.as(EnumDeclSyntax.self) {
            try declare(
                .enumeration, node.name, node.genericParameterClause, node.inheritanceClause, node.memberBlock, parent,
                file)
        } else if let node = decl.as(ProtocolDeclSyntax.self) {
            try declare(.protocolType, node.name, nil, node.inheritanceClause, node.memberBlock, parent, file)
        } else if let node = decl.as(ActorDeclSyntax.self) {
            try declare(
                .actor, node.name, node.genericParameterClause, node.inheritanceClause, node.memberBlock, parent, file)
        } else if let node = decl.as(TypeAliasDeclSyntax.self) {
            try Self.refuseReservedName(node.name, file: file)
            let alias = DeclaredAlias(
                name: node.name.identifierName,
                genericParameters: node.genericParameterClause?.parameters.map { $0.name.identifierName } ?? [],
                type: node.initializer.value, scope: parent, file: file, node: node)
            if let parent {
                parent.typealiases[alias.name] = alias
            } else {
                topLevelAliases[alias.name] = alias
            }
        } else if let node = decl.as(ExtensionDeclSyntax.self), parent == nil {
            pendingExtensions.append((node, file))
        } else if let node = decl.as(IfConfigDeclSyntax.self) {
            // `#if`: the first branch is read, as a build for the first condition would see it.
            switch node.clauses.first?.elements {
            case .decls(let members)?:
                for member in members { try collect(member.decl, in: parent, file: file, fromExtension: fromExtension) }
            case .statements(let items)?:
                for item in items {
                    if case .decl(let inner) = item.item {
                        try collect(inner, in: parent, file: file, fromExtension: fromExtension)
                    }
                }
            default: break
            }
        }
    }

    private func declare(
        _ kind: DeclaredType.Kind, _ name: TokenSyntax, _ generics: GenericParameterClauseSyntax?,
        _ inheritance: InheritanceClauseSyntax?, _ body: MemberBlockSyntax, _ parent: DeclaredType?,
        _ file: SwiftSourceFile
    ) throws(ModelReadError) {
        try Self.refuseReservedName(name, file: file)
        let type = DeclaredType(
            kind: kind, nameToken: name, genericParameters: generics?.parameters.map { $0.name.identifierName } ?? [],
            parent: parent, file: file)
        if let existing = parent?.nestedTypes[type.name] ?? (parent == nil ? topLevelTypes[type.name] : nil) {
            throw ModelReadError(
                origin: file.origin(of: name),
                message: "invalid redeclaration of `\(type.qualifiedName)` (first declared at \(existing.location))")
        }
        if let parent {
            parent.nestedTypes[type.name] = type
        } else {
            topLevelTypes[type.name] = type
        }
        allTypes.append(type)
        for entry in inheritance?.inheritedTypes ?? [] {
            type.inherited.append(.init(type: entry.type, file: file, fromExtension: false))
        }
        try addMembers(body, to: type, file: file, fromExtension: false)
    }

    /// A type or typealias named with a leading `$` is an error, as the compiler makes it
    /// (swift-syntax reads one without complaint, but no type's text could name it).
    private static func refuseReservedName(_ name: TokenSyntax, file: SwiftSourceFile) throws(ModelReadError) {
        let text = name.identifierName
        guard text.hasPrefix("$") else { return }
        throw ModelReadError(
            origin: file.origin(of: name),
            message:
                "cannot declare a type named `\(text)`: the '$' prefix is reserved for declarations the compiler synthesizes"
        )
    }

    private func addMembers(
        _ body: MemberBlockSyntax, to type: DeclaredType, file: SwiftSourceFile, fromExtension: Bool
    ) throws(ModelReadError) {
        for member in body.members {
            for decl in Self.activeDeclarations(member.decl) {
                type.members.append(.init(decl: decl, file: file, fromExtension: fromExtension))
            }
            try collect(member.decl, in: type, file: file, fromExtension: fromExtension)
        }
    }

    /// A member, or for `#if` the members of its first branch (recursively).
    private static func activeDeclarations(_ decl: DeclSyntax) -> [DeclSyntax] {
        guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else { return [decl] }
        guard case .decls(let members)? = ifConfig.clauses.first?.elements else { return [] }
        return members.flatMap { activeDeclarations($0.decl) }
    }

    /// Extensions are merged once the types they extend are known; an extension may extend a
    /// type declared in another extension, so this repeats until nothing changes. Extensions of
    /// types not declared in the files (`extension Date`) are ignored.
    private func mergeExtensions() throws(ModelReadError) {
        var progress = true
        while progress && !pendingExtensions.isEmpty {
            progress = false
            var remaining: [(node: ExtensionDeclSyntax, file: SwiftSourceFile)] = []
            for pending in pendingExtensions {
                guard let target = extendedType(pending.node.extendedType) else {
                    remaining.append(pending)
                    continue
                }
                progress = true
                for entry in pending.node.inheritanceClause?.inheritedTypes ?? [] {
                    target.inherited.append(.init(type: entry.type, file: pending.file, fromExtension: true))
                }
                try addMembers(pending.node.memberBlock, to: target, file: pending.file, fromExtension: true)
            }
            pendingExtensions = remaining
        }
    }

    /// The declared type an extension extends (`extension SyncUp.Meeting`), through a file-level
    /// typealias if it names one.
    private func extendedType(_ syntax: TypeSyntax) -> DeclaredType? {
        guard let components = TypeSpelling(syntax).nameComponents else { return nil }
        if let type = type(qualifiedName: components) { return type }
        if components.count == 1, let alias = topLevelAliases[components[0]],
            let aliased = TypeSpelling(alias.type).nameComponents
        {
            return type(qualifiedName: aliased)
        }
        return nil
    }
}

extension TypeSpelling {
    /// The name's components without generic arguments (`["SyncUp", "Meeting"]`), or `nil`.
    var nameComponents: [String]? {
        guard case .named(let components) = self else { return nil }
        return components.map(\.name)
    }
}

/// A name found by lookup: a declared type or a typealias.
enum Declaration {
    case type(DeclaredType)
    case alias(DeclaredAlias)
}

extension DeclarationIndex {
    /// Looks a dotted name up from `scope` outwards, then at file level (no builtins).
    func declaration(named components: [String], from scope: DeclaredType?) -> Declaration? {
        guard let first = components.first else { return nil }
        var found: Declaration?
        var lookup = scope
        while found == nil, let current = lookup {
            if let nested = current.nestedTypes[first] {
                found = .type(nested)
            } else if let alias = current.typealiases[first] {
                found = .alias(alias)
            }
            lookup = current.parent
        }
        if found == nil {
            if let top = topLevelTypes[first] {
                found = .type(top)
            } else if let alias = topLevelAliases[first] {
                found = .alias(alias)
            }
        }
        guard var result = found else { return nil }
        for component in components.dropFirst() {
            guard case .type(let type) = result else { return nil }
            if let nested = type.nestedTypes[component] {
                result = .type(nested)
            } else if let alias = type.typealiases[component] {
                result = .alias(alias)
            } else {
                return nil
            }
        }
        return result
    }
}
