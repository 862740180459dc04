import CodableModels
import SwiftSyntax

/// Decides which declared types conform to `Decodable`: directly, through an extension, through
/// a protocol declared in the files that refines it, or through a typealias of a composition
/// (`typealias Model = Codable & Identifiable`).
final class ConformanceChecker {
    private let index: DeclarationIndex
    private var decodable: [ObjectIdentifier: Bool] = [:]

    /// Protocols of the standard library and Foundation that a class may list first without it
    /// being taken for a superclass.
    static let knownProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Identifiable", "Sendable", "Comparable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError", "CaseIterable",
        "RawRepresentable", "ObservableObject", "Observable", "AnyObject", "CodingKey", "NSCopying", "NSCoding",
        "NSSecureCoding",
    ]

    init(index: DeclarationIndex) {
        self.index = index
    }

    /// Whether a struct, class or enum conforms to `Decodable` (protocols and actors never do
    /// here: they have no synthesized conformance).
    func isDecodable(_ type: DeclaredType) -> Bool {
        switch type.kind {
        case .protocolType, .actor: return false
        case .structure, .classType, .enumeration: break
        }
        if let known = decodable[ObjectIdentifier(type)] { return known }
        decodable[ObjectIdentifier(type)] = false  // a class that inherits from itself is not
        let result = type.inherited.contains { entry in
            refinesDecodable(entry.type, in: type.parent, visited: [])
        }
        decodable[ObjectIdentifier(type)] = result
        return result
    }

    /// Whether a type conforms to `CodingKey` (a `CodingKeys` enum, not a model).
    func isCodingKey(_ type: DeclaredType) -> Bool {
        type.inherited.contains { entry in
            names(in: entry.type).contains { $0 == ["CodingKey"] || $0 == ["Swift", "CodingKey"] }
        }
    }

    /// Whether an inherited type is, or refines, `Decodable`.
    func refinesDecodable(_ syntax: TypeSyntax, in scope: DeclaredType?, visited: Set<String>) -> Bool {
        for name in names(in: syntax) {
            let dotted = name.joined(separator: ".")
            if ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"].contains(dotted) { return true }
            guard !visited.contains(dotted) else { continue }
            switch index.declaration(named: name, from: scope) {
            case .type(let declared)? where declared.kind == .protocolType:
                if declared.inherited.contains(where: {
                    refinesDecodable($0.type, in: declared.parent, visited: visited.union([dotted]))
                }) {
                    return true
                }
            case .type(let declared)?:
                // A superclass that is Decodable makes its subclasses Decodable.
                if case .classType = declared.kind, isDecodable(declared) { return true }
            case .alias(let alias)?:
                if refinesDecodable(alias.type, in: alias.scope, visited: visited.union([dotted])) { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether an inherited type names a protocol (declared, an alias of protocols, or a known
    /// standard one), as opposed to a superclass.
    func isProtocol(_ syntax: TypeSyntax, in scope: DeclaredType?, depth: Int = 0) -> Bool {
        if syntax.is(CompositionTypeSyntax.self) { return true }
        guard depth < 32 else { return false }  // typealiases that refer to each other
        guard let name = names(in: syntax).first else { return false }
        switch index.declaration(named: name, from: scope) {
        case .type(let declared)?: return declared.kind == .protocolType
        case .alias(let alias)?: return isProtocol(alias.type, in: alias.scope, depth: depth + 1)
        case nil:
            let simple =
                name.count == 2 && TypeReference.builtinModules.contains(name[0])
                ? name[1] : name.joined(separator: ".")
            return Self.knownProtocols.contains(simple)
        }
    }

    /// The dotted names an inherited type lists (`Codable & Identifiable` lists two).
    private func names(in syntax: TypeSyntax) -> [[String]] {
        if let composition = syntax.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { names(in: $0.type) }
        }
        if let attributed = syntax.as(AttributedTypeSyntax.self) { return names(in: attributed.baseType) }
        return TypeSpelling(syntax).nameComponents.map { [$0] } ?? []
    }
}
