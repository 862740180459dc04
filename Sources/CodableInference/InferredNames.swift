import CodableModels

/// How `infer` names what it declares: properties from keys, types from keys (UpperCamelCase,
/// singular for array elements), each unique in its scope.
enum InferredNames {
    /// Names a nested type never takes: the types the generated file uses, and `CodingKeys`.
    static let reservedTypeNames: Set<String> = Set([
        "Bool", "Int", "Double", "Decimal", "String", "Date", "URL", "UUID", "Data", "Array", "Dictionary", "Set",
        "Optional", "Codable", "Decodable", "Encodable", "Sendable", "Decoder", "Encoder", "JSONDecoder",
        "JSONEncoder", "CodingKey", "CodingKeys", "DecodingError", "Error", "JSONValue", "Any", "AnyObject", "Self",
        "Type", "Protocol", "Foundation", "Swift",
    ]).union(DateWrapper.allNames)

    /// The words of `text`: runs of letters and digits (`first-name` → first, name).
    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// A property name for a key that is no identifier as it is: lowerCamelCase of its words,
    /// `_` before a leading digit (`first-name` → `firstName`, `2fa` → `_2fa`); `field` when
    /// nothing usable is left.
    static func propertyName(madeFrom key: String) -> String {
        let parts = words(key)
        guard let first = parts.first else { return "field" }
        var name = lowercasingFirst(String(first)) + parts.dropFirst().map { uppercasingFirst(String($0)) }.joined()
        if name.first?.isNumber == true { name = "_" + name }
        return SwiftNames.isIdentifier(name) ? name : "field"
    }

    /// A type name for a key: UpperCamelCase of its words (`created_at` → `CreatedAt`,
    /// `userID` → `UserID`), `_` before a leading digit; `Value` when nothing usable is left.
    static func typeName(for key: String) -> String {
        var name = words(key).map { uppercasingFirst(String($0)) }.joined()
        if name.first?.isNumber == true { name = "_" + name }
        return !name.isEmpty && SwiftNames.isIdentifier(name) ? name : "Value"
    }

    /// The element type name for an array's type name, singular by simple English rules
    /// (`Items` → `Item`, `Categories` → `Category`, `Addresses` → `Address`); a name that is
    /// no plural gets `Element` (`Data` → `DataElement`).
    static func singular(_ name: String) -> String {
        func dropping(_ count: Int, adding suffix: String = "") -> String { String(name.dropLast(count)) + suffix }
        if name.hasSuffix("ies"), name.count > 4 { return dropping(3, adding: "y") }
        for ending in ["sses", "xes", "ches", "shes", "zzes"] where name.hasSuffix(ending) { return dropping(2) }
        if name.hasSuffix("s") && !name.hasSuffix("ss") && !name.hasSuffix("us") && !name.hasSuffix("is"),
            name.count > 1
        {
            return dropping(1)
        }
        return name + "Element"
    }

    /// `base`, or `base2`, `base3` … : the first that `taken` does not hold.
    static func unique(_ base: String, in taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }

    private static func uppercasingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasingFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }
}
