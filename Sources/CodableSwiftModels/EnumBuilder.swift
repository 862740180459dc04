import CodableModels
import SwiftSyntax

/// The shape of an enum with synthesized `Codable`: a raw-value enum decodes from its raw value;
/// any other enum uses the Swift 5.5 format, `{"case": {"label": value, "_0": value}}`.
struct EnumBuilder {
    let type: DeclaredType
    let resolver: SwiftTypeResolver
    let conformance: ConformanceChecker

    /// A declared case: its name, raw value and associated values as written.
    private struct DeclaredCase {
        let element: EnumCaseElementSyntax
        let file: SwiftSourceFile
        var name: String { element.name.identifierName }
    }

    /// `.rawEnum`, `.taggedEnum`, or `.unsupported` with the reason.
    func shape() -> ModelType.Shape {
        do {
            try SynthesisCheck.requireSynthesized(type)
            let cases = declaredCases()
            if let raw = try rawType() { return try rawEnum(raw, cases) }
            return .taggedEnum(try taggedCases(cases))
        } catch {
            return .unsupported(reason: error.reason, remedy: error.remedy)
        }
    }

    private func declaredCases() -> [DeclaredCase] {
        type.members.flatMap { member -> [DeclaredCase] in
            guard let decl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return decl.elements.map { DeclaredCase(element: $0, file: member.file) }
        }
    }

    /// The raw type: the first inherited type of the declaration, when it is not a protocol.
    private func rawType() throws(Unsupported) -> TypeReference? {
        guard let first = type.inherited.first(where: { !$0.fromExtension }),
            !conformance.isProtocol(first.type, in: type.parent)
        else { return nil }
        let location = first.file.shortLocation(of: first.type)
        let raw = try? resolver.resolve(first.type, in: type.parent)
        switch raw {
        case .string?, .integer?: return raw
        default:
            throw Unsupported(
                reason: "`\(type.qualifiedName)` has the raw type `\(first.type.trimmedDescription)` (\(location)); "
                    + "codable reads enums with String or integer raw values")
        }
    }

    private func rawEnum(_ raw: TypeReference, _ cases: [DeclaredCase]) throws(Unsupported) -> ModelType.Shape {
        var result: [RawCase] = []
        var next = 0  // integer raw values count up from the previous one, starting at 0
        for declared in cases {
            let location = declared.file.shortLocation(of: declared.element.name)
            let written = declared.element.rawValue?.value
            if raw == .string {
                guard let written else {
                    result.append(RawCase(name: declared.name, rawJSON: SwiftLiteral.quoted(declared.name)))
                    continue
                }
                guard let value = written.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                    throw Unsupported(
                        reason: "`\(type.qualifiedName).\(declared.name)` has a raw value that is not a string "
                            + "literal (\(location))")
                }
                result.append(RawCase(name: declared.name, rawJSON: SwiftLiteral.quoted(value)))
            } else {
                if let written {
                    guard let literal = SwiftLiteral(written), literal.inferredType == .integer(.int),
                        let value = Int(literal.json)
                    else {
                        throw Unsupported(
                            reason: "`\(type.qualifiedName).\(declared.name)` has a raw value that is not an "
                                + "integer literal (\(location))")
                    }
                    next = value
                }
                result.append(RawCase(name: declared.name, rawJSON: String(next)))
                next &+= 1
            }
        }
        return .rawEnum(raw: raw, cases: result)
    }

    private func taggedCases(_ cases: [DeclaredCase]) throws(Unsupported) -> [EnumCase] {
        let keys = try CodingKeyList.named("CodingKeys", in: type, resolver: resolver)
        if let keys {
            for entry in keys.entries where !cases.contains(where: { $0.name == entry.name }) {
                throw Unsupported(
                    reason: "`\(keys.type.qualifiedName)` has the case `\(entry.name)`, which is no case of "
                        + "`\(type.qualifiedName)` (\(entry.file.shortLocation(of: entry.token))); the compiler rejects this"
                )
            }
        }
        var result: [EnumCase] = []
        for declared in cases {
            // A case left out of `CodingKeys` is never decoded (encoding it throws).
            var key = declared.name
            if let keys {
                guard let entry = keys.entry(for: declared.name) else { continue }
                key = entry.key
            }
            result.append(EnumCase(name: declared.name, key: key, parameters: try parameters(of: declared)))
        }
        return result
    }

    /// Associated values: keyed by label, `_0`, `_1` … by position when unlabelled, renamed by
    /// a `NameCodingKeys` enum (`LoadCodingKeys` for `case load`) when there is one.
    private func parameters(of declared: DeclaredCase) throws(Unsupported) -> [EnumCase.Parameter] {
        let parameterList = declared.element.parameterClause.map { Array($0.parameters) } ?? []
        let keysName = declared.name.prefix(1).uppercased() + declared.name.dropFirst() + "CodingKeys"
        let keys = try CodingKeyList.named(keysName, in: type, resolver: resolver)
        var names: [String] = []
        var result: [EnumCase.Parameter] = []
        for (position, parameter) in parameterList.enumerated() {
            let label = parameter.firstName.map { $0.tokenKind == .wildcard ? nil : $0.identifierName } ?? nil
            let name = label ?? "_\(position)"
            names.append(name)
            let location = declared.file.shortLocation(of: parameter)
            var key = name
            if let keys {
                guard let entry = keys.entry(for: name) else {
                    throw Unsupported(
                        reason: "`\(type.qualifiedName).\(declared.name)` has the value `\(name)`, which "
                            + "`\(keys.type.qualifiedName)` leaves out (\(location)); codable cannot decode the case without it"
                    )
                }
                key = entry.key
            }
            let reference: TypeReference
            do {
                reference = try resolver.resolve(parameter.type, in: type)
            } catch {
                throw Unsupported(
                    reason: "`\(type.qualifiedName).\(declared.name)` (\(location)) has the value `\(name)` "
                        + "of type `\(parameter.type.trimmedDescription)`, and \(error.explanation)")
            }
            result.append(EnumCase.Parameter(key: key, type: reference))
        }
        if let keys {
            for entry in keys.entries where !names.contains(entry.name) {
                throw Unsupported(
                    reason: "`\(keys.type.qualifiedName)` has the case `\(entry.name)`, which is no value of "
                        + "`\(type.qualifiedName).\(declared.name)` (\(entry.file.shortLocation(of: entry.token))); "
                        + "the compiler rejects this")
            }
        }
        return result
    }
}
