import CodableModels
import CodableParsing
import Foundation

extension SchemaMapper {
    /// A type name from a key or title: `created_at` is `CreatedAt`, `sync-up` is `SyncUp`,
    /// `1st` is `_1st`.
    static func typeName(_ text: String) -> String {
        var result = ""
        var upperNext = true
        for character in text {
            guard character.isLetter || character.isNumber else {
                upperNext = true
                continue
            }
            result += upperNext ? character.uppercased() : String(character)
            upperNext = false
        }
        if result.isEmpty { return "Model" }
        if result.first!.isNumber { result = "_" + result }
        return result
    }

    /// A Swift case name for a string raw value: `in_progress` is `inProgress`.
    static func caseName(_ value: String) -> String {
        let name = typeName(value)
        guard name != "Model" || value == "Model" else { return "_" }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// A name for an array's element type: `Todo.Tags` gives `Todo.Tag`, `Entries` `Entry`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies") { return name.dropLast(3) + "y" }
        if name.hasSuffix("ss") { return name + "Element" }
        if name.hasSuffix("s") { return String(name.dropLast()) }
        return name + "Element"
    }

    /// `todo.schema.json` gives `todo`.
    static func fileStem(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    /// A JSON pointer token: `~` is `~0`, `/` is `~1`.
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A `$ref` in the form pointers are kept in here: `#/$defs/A%20B` and `#/$defs/A B` are one.
    static func canonicalPointer(_ reference: String) -> String {
        guard reference.hasPrefix("#") else { return reference }
        let fragment = String(reference.dropFirst()).removingPercentEncoding ?? String(reference.dropFirst())
        return "#" + fragment
    }

    /// A JSON string as the project's writer writes it.
    static func quoted(_ value: String) -> String { JSONString.quoted(value) }
}

extension TypeReference {
    /// Whether this is `T?`.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}
