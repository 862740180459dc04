import SwiftSyntax

/// A `CodingKeys`-style enum declared in a type: which names it lists, and the JSON key of each
/// (its `String` raw value, else its name).
struct CodingKeyList {
    /// One case: the Swift name it stands for and its key.
    struct Entry {
        let name: String
        let key: String
        let token: TokenSyntax
        let file: SwiftSourceFile
    }

    let entries: [Entry]
    /// The enum's declaration.
    let type: DeclaredType

    /// The entry for a name.
    func entry(for name: String) -> Entry? { entries.first { $0.name == name } }

    /// The enum named `name` nested in `owner` (`CodingKeys`, or `LoadCodingKeys` for an enum
    /// case's values), or `nil` when there is none.
    static func named(_ name: String, in owner: DeclaredType, resolver: SwiftTypeResolver) throws(Unsupported)
        -> CodingKeyList?
    {
        guard let keys = owner.nestedTypes[name], keys.kind == .enumeration else { return nil }
        let rawIsString = keys.inherited.contains { entry in
            !entry.fromExtension && (try? resolver.resolve(entry.type, in: keys.parent)) == .string
        }
        var entries: [Entry] = []
        for member in keys.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let caseName = element.name.identifierName
                var key = caseName
                if rawIsString, let raw = element.rawValue?.value {
                    guard let string = raw.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
                        throw Unsupported(
                            reason: "`\(keys.qualifiedName).\(caseName)` has a raw value that is not a string "
                                + "literal (\(member.file.shortLocation(of: raw))); codable cannot know its key")
                    }
                    key = string
                }
                entries.append(Entry(name: caseName, key: key, token: element.name, file: member.file))
            }
        }
        return CodingKeyList(entries: entries, type: keys)
    }
}
