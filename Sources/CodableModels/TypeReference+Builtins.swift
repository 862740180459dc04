extension TypeReference {
    /// What a standard library or Foundation type name means to `Codable`.
    public enum BuiltinMatch: Sendable, Hashable {
        /// The name is that builtin type.
        case type(TypeReference)
        /// The name is a builtin generic type, given the wrong number of arguments.
        case wrongArgumentCount(expected: Int)
    }

    /// The builtin types `Codable` knows, by simple name.
    public static let builtinNames: [String: TypeReference] = {
        var names: [String: TypeReference] = [
            "Bool": .bool, "String": .string, "Character": .string,
            "Float": .float, "Float32": .float, "Double": .double, "Float64": .double,
            "CGFloat": .double, "TimeInterval": .double, "Decimal": .decimal,
            "Date": .date(strategy: nil), "URL": .url, "UUID": .uuid, "Data": .data,
        ]
        for integer in IntegerType.allCases { names[integer.rawValue] = .integer(integer) }
        return names
    }()

    /// The builtin generic types and how many arguments each takes.
    public static let builtinGenericNames: [String: Int] = [
        "Optional": 1, "Array": 1, "ContiguousArray": 1, "Set": 1, "Dictionary": 2,
    ]

    /// The module names a builtin may be qualified with (`Foundation.Date`, `Swift.Int`).
    public static let builtinModules: Set<String> = ["Swift", "Foundation", "CoreGraphics", "CoreFoundation"]

    /// Looks up a builtin: `components` is the dotted name (`["Foundation", "Date"]`) and
    /// `arguments` its resolved generic arguments. `nil` when the name is no builtin.
    public static func builtin(named components: [String], arguments: [TypeReference]) -> BuiltinMatch? {
        let name: String
        switch components.count {
        case 1: name = components[0]
        case 2 where builtinModules.contains(components[0]): name = components[1]
        default: return nil
        }
        if let simple = builtinNames[name] {
            return arguments.isEmpty ? .type(simple) : .wrongArgumentCount(expected: 0)
        }
        guard let expected = builtinGenericNames[name] else { return nil }
        guard arguments.count == expected else { return .wrongArgumentCount(expected: expected) }
        switch name {
        case "Optional": return .type(.optional(arguments[0]))
        case "Set": return .type(.set(arguments[0]))
        case "Dictionary": return .type(.dictionary(key: arguments[0], value: arguments[1]))
        default: return .type(.array(arguments[0]))
        }
    }
}
