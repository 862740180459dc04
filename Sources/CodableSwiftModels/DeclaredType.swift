import SwiftSyntax

/// A type declared in the model files, with what its extensions add.
final class DeclaredType {
    /// What kind of declaration it is.
    enum Kind: Equatable {
        case structure
        case classType(isFinal: Bool)
        case enumeration
        case protocolType
        case actor
    }

    /// A member declaration and the file it is in (extensions may live in other files).
    struct Member {
        let decl: DeclSyntax
        let file: SwiftSourceFile
        /// Declared in an extension rather than in the type's own body.
        let fromExtension: Bool
    }

    /// An inherited type (`Codable`, a superclass, a raw type) and its file.
    struct Inherited {
        let type: TypeSyntax
        let file: SwiftSourceFile
        let fromExtension: Bool
    }

    let kind: Kind
    /// The simple name (`Attendee`).
    let name: String
    /// The qualified name (`SyncUp.Attendee`).
    let qualifiedName: String
    /// The enclosing type, whose names are visible inside this one. Unowned: the parent holds
    /// this type in `nestedTypes`, and a strong reference back made a cycle that kept every
    /// nested type, and its file's whole syntax tree, alive after reading (a read of many
    /// files, or the fuzzer's millions of reads, grew by each one). The `DeclarationIndex`
    /// holds every type for as long as any is used.
    unowned let parent: DeclaredType?
    /// Generic parameters this declaration introduces (`T` in `Page<T>`).
    let ownGenericParameters: [String]
    /// The declaration's file.
    let file: SwiftSourceFile
    /// The name token, where messages point.
    let nameToken: TokenSyntax
    var inherited: [Inherited] = []
    var members: [Member] = []
    var nestedTypes: [String: DeclaredType] = [:]
    var typealiases: [String: DeclaredAlias] = [:]

    init(kind: Kind, nameToken: TokenSyntax, genericParameters: [String], parent: DeclaredType?, file: SwiftSourceFile)
    {
        self.kind = kind
        self.name = nameToken.identifierName
        self.qualifiedName =
            parent.map { "\($0.qualifiedName).\(nameToken.identifierName)" } ?? nameToken.identifierName
        self.parent = parent
        self.ownGenericParameters = genericParameters
        self.file = file
        self.nameToken = nameToken
    }

    /// Every generic parameter in scope: the enclosing types' first, then this type's own.
    var genericParameters: [String] { (parent?.genericParameters ?? []) + ownGenericParameters }

    /// `Todo.swift:12`, where the declaration's name is.
    var location: String { file.shortLocation(of: nameToken) }

    /// Whether this type or one of its enclosing types is `type`.
    func isInside(_ type: DeclaredType) -> Bool {
        var scope: DeclaredType? = self
        while let current = scope {
            if current === type { return true }
            scope = current.parent
        }
        return false
    }
}

/// A `typealias` declared in the model files.
struct DeclaredAlias {
    let name: String
    let genericParameters: [String]
    let type: TypeSyntax
    /// The type it is declared in (`nil` at file level): names in `type` are looked up from there.
    /// Unowned, as `DeclaredType.parent` is: that type holds this alias in `typealiases`.
    unowned let scope: DeclaredType?
    let file: SwiftSourceFile
    let node: TypeAliasDeclSyntax
}

extension TokenSyntax {
    /// The identifier without backticks (`` `Type` `` is `Type`).
    var identifierName: String {
        let text = self.text
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
