import CodableParsing

/// One compiled schema (an object or a boolean schema): its keywords, ready to apply, with
/// subschemas referred to by index, `$ref`s already resolved.
struct CompiledNode: Sendable {
    /// For `true`/`false` schemas: the fixed outcome.
    var boolean: Bool?
    /// Keywords in evaluation order (`unevaluated*` last, after every in-place applicator).
    var keywords: [Keyword] = []
    /// `URI#pointer` of this schema in its resource.
    var absoluteLocation: String
    /// Index of the schema resource the schema belongs to (for the dynamic scope).
    var resource: Int32
}

/// A subschema reference: the compiled node and how the keyword location grows on the way
/// (an index into `CompiledSchema.segments`: `/properties/email`, `/items`, `/$ref`).
struct Child: Sendable {
    var node: Int32
    var segment: Int32
}

/// An object key, as UTF-8 for comparing against the tape and as text for messages.
struct PropertyKey: Sendable {
    var bytes: [UInt8]
    var text: String
}

/// A JSON value from the schema (for `const` and `enum`), copied onto its own small tape.
struct ConstantValue: Sendable {
    var nodes: [JSONNode]
    var bytes: [UInt8]
}

/// JSON types as a bit set, for `type`.
struct TypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let number = TypeSet(rawValue: 16)
    static let string = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    static let names: [(String, TypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("string", .string), ("integer", .integer),
    ]

    /// `string`, `string or null`.
    var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: " or ")
    }
}

/// A numeric bound, with the fast forms used when an instance number is short.
struct NumberBound: Sendable {
    var exact: JSONNumber
    var integer: Int64?
    var double: Double?
    var text: String
}

/// One keyword of a compiled schema.
struct Keyword: Sendable {
    /// The keyword as written (`type`, `minLength`, ...), appended to the keyword location.
    var name: String
    var kind: Kind

    enum Kind: Sendable {
        case type(TypeSet)
        case const(ConstantValue)
        case enumeration([ConstantValue])
        case minimum(NumberBound, exclusive: Bool)
        case maximum(NumberBound, exclusive: Bool)
        case multipleOf(NumberBound)
        case minLength(Int)
        case maxLength(Int)
        case pattern(SchemaRegex)
        case format(StringFormat)
        case minItems(Int)
        case maxItems(Int)
        case uniqueItems
        case minProperties(Int)
        case maxProperties(Int)
        case required([PropertyKey])
        case dependentRequired([(PropertyKey, [PropertyKey])])
        case properties([(PropertyKey, Child)])
        case patternProperties([(SchemaRegex, Child)])
        case additionalProperties(Child, known: [PropertyKey], patterns: [SchemaRegex])
        case propertyNames(Child)
        case dependentSchemas([(PropertyKey, Child)])
        case prefixItems([Child])
        case items(Child, from: Int)
        case contains(Child, min: Int, max: Int?)
        case allOf([Child])
        case anyOf([Child])
        case oneOf([Child])
        case not(Child)
        case conditional(if: Child, then: Child?, else: Child?)
        case ref(Child)
        case dynamicRef(Child, anchor: Int)
        case unevaluatedProperties(Child)
        case unevaluatedItems(Child)
    }
}
