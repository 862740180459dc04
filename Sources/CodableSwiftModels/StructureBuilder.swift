import CodableModels
import SwiftSyntax

/// The shape of a struct or class with synthesized `Codable`: its stored properties, each with
/// its key and role, in the order the synthesized `encode(to:)` writes them.
struct StructureBuilder {
    let type: DeclaredType
    let resolver: SwiftTypeResolver
    let conformance: ConformanceChecker

    /// `.structure`, or `.unsupported` with the first reason the compiler (or codable) has.
    func shape() -> ModelType.Shape {
        do {
            return .structure(try properties())
        } catch {
            return .unsupported(reason: error.reason, remedy: error.remedy)
        }
    }

    private func properties() throws(Unsupported) -> [Property] {
        if case .classType = type.kind { try requireNoSuperclass() }
        try SynthesisCheck.requireSynthesized(type)
        let stored = try StoredProperty.all(in: type)
        for property in stored {
            if let wrapper = property.wrapper {
                throw Unsupported(
                    reason: "`\(name(property))` has the property wrapper `\(wrapper.trimmedDescription)` "
                        + "(\(property.file.shortLocation(of: wrapper))); codable cannot know how it decodes",
                    remedy: .describeWithSchema
                )
            }
        }
        guard let keys = try CodingKeyList.named("CodingKeys", in: type, resolver: resolver) else {
            return try stored.map { property throws(Unsupported) in try self.property(property, key: property.name) }
        }
        for entry in keys.entries where !stored.contains(where: { $0.name == entry.name }) {
            throw Unsupported(
                reason: "`\(keys.type.qualifiedName)` has the case `\(entry.name)`, which is no stored property "
                    + "of `\(type.qualifiedName)` (\(entry.file.shortLocation(of: entry.token))); the compiler rejects this"
            )
        }
        // Keyed properties in `CodingKeys` order, as the synthesized `encode(to:)` writes them.
        var result: [Property] = []
        for entry in keys.entries {
            guard let property = stored.first(where: { $0.name == entry.name }) else { continue }
            result.append(try self.property(property, key: entry.key))
        }
        for property in stored where keys.entry(for: property.name) == nil {
            guard property.hasDefault else {
                throw Unsupported(
                    reason: "`\(name(property))` is left out of CodingKeys but has no default value "
                        + "(\(property.file.shortLocation(of: property.nameToken))); the compiler rejects this")
            }
            let type = (try? resolvedType(of: property)) ?? .json
            result.append(
                Property(
                    name: property.name, key: property.name, type: type, role: .skipped,
                    origin: property.file.origin(of: property.nameToken)))
        }
        return result
    }

    private func property(_ property: StoredProperty, key: String) throws(Unsupported) -> Property {
        let origin = property.file.origin(of: property.nameToken)
        let type = try resolvedType(of: property)
        guard property.isLet, let initializer = property.initializer else {
            return Property(name: property.name, key: key, type: type, role: .coded, origin: origin)
        }
        let emptyCall = InitializerCall(initializer).flatMap { call in
            call.takesNothing ? InitializerCall.emptyValueJSON(of: type) : nil
        }
        guard let json = SwiftLiteral(initializer)?.json ?? emptyCall else {
            throw Unsupported(
                reason: "`\(name(property))` is a `let` whose initial value `\(initializer.trimmedDescription)` "
                    + "is not a literal (\(property.file.shortLocation(of: property.nameToken))); "
                    + "codable cannot know the value it encodes", remedy: .describeWithSchema)
        }
        return Property(name: property.name, key: key, type: type, role: .constant(json: json), origin: origin)
    }

    /// The written type, or the one Swift infers from a literal or a call like `Date()`.
    private func resolvedType(of property: StoredProperty) throws(Unsupported) -> TypeReference {
        let location = property.file.shortLocation(of: property.nameToken)
        if let written = property.type {
            do {
                return try resolver.resolve(written, in: type)
            } catch {
                throw Unsupported(
                    reason: "`\(name(property))` (\(location)) has type `\(written.trimmedDescription)`, "
                        + "and \(error.explanation)")
            }
        }
        if let initializer = property.initializer {
            if let inferred = SwiftLiteral(initializer)?.inferredType { return inferred }
            if let call = InitializerCall(initializer) {
                do {
                    return try resolver.resolve(call.type, in: type)
                } catch {
                    throw Unsupported(
                        reason: "`\(name(property))` has no written type (\(location)) and its initial value "
                            + "`\(initializer.trimmedDescription)` calls `\(call.type.trimmedDescription)`, but "
                            + "\(error.explanation); write its type")
                }
            }
        }
        throw Unsupported(
            reason: "`\(name(property))` has no written type and codable cannot infer one (\(location)); "
                + "write its type")
    }

    private func requireNoSuperclass() throws(Unsupported) {
        guard let first = type.inherited.first(where: { !$0.fromExtension }),
            !conformance.isProtocol(first.type, in: type.parent)
        else { return }
        throw Unsupported(
            reason: "`\(type.qualifiedName)` inherits from the class `\(first.type.trimmedDescription)` "
                + "(\(first.file.shortLocation(of: first.type))); codable cannot know how a subclass decodes",
            remedy: .describeWithSchema
        )
    }

    private func name(_ property: StoredProperty) -> String { "\(type.qualifiedName).\(property.name)" }
}
