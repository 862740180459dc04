/// The JSON Schema drafts the validator knows, and the keywords each one defines: a keyword a
/// draft does not define is an annotation there, its value never compiled or scanned.
enum SchemaDraft: Sendable {
    case draft4, draft6, draft7, draft2019, draft2020

    init(_ draft: JSONSchemaDraft) {
        switch draft {
        case .draft2020_12: self = .draft2020
        case .draft2019_09: self = .draft2019
        case .draft7: self = .draft7
        case .draft6: self = .draft6
        case .draft4: self = .draft4
        }
    }

    /// The draft a `$schema` URI names, or nil for a custom metaschema.
    static func named(_ uri: String) -> SchemaDraft? {
        if uri.contains("draft-07") { return .draft7 }
        if uri.contains("draft-06") { return .draft6 }
        if uri.contains("draft-04") { return .draft4 }
        if uri.contains("draft/2020-12") { return .draft2020 }
        if uri.contains("draft/2019-09") { return .draft2019 }
        return nil
    }

    /// Draft-04 to draft-07: `$ref` replaces its siblings, `$id` (or `id`) with a fragment
    /// names an anchor, and `items` may be an array (with `additionalItems`).
    var isClassic: Bool { self == .draft4 || self == .draft6 || self == .draft7 }

    /// `items` may be an array of schemas (before 2020-12's `prefixItems`).
    var hasItemsArray: Bool { self != .draft2020 }

    /// The keyword declaring a resource's URI: `id` in draft-04, `$id` after.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// True when `keyword` means something in this draft (asserts, applies subschemas or
    /// declares identifiers); everything else is an annotation.
    func defines(_ keyword: String) -> Bool {
        switch self {
        case .draft4: Self.draft4Keywords.contains(keyword)
        case .draft6: Self.draft6Keywords.contains(keyword)
        case .draft7: Self.draft7Keywords.contains(keyword)
        case .draft2019: Self.draft2019Keywords.contains(keyword)
        case .draft2020: Self.draft2020Keywords.contains(keyword)
        }
    }

    /// Draft-04: `exclusiveMaximum`/`exclusiveMinimum` are booleans that modify `maximum`/`minimum`.
    private static let draft4Keywords: Set<String> = [
        "id", "$schema", "$ref", "definitions", "type", "enum", "multipleOf", "maximum", "exclusiveMaximum",
        "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "items", "additionalItems", "maxItems",
        "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "properties", "patternProperties",
        "additionalProperties", "dependencies", "allOf", "anyOf", "oneOf", "not", "format",
    ]

    private static let draft6Keywords: Set<String> = draft4Keywords.subtracting(["id"]).union([
        "$id", "const", "contains", "propertyNames",
    ])

    private static let draft7Keywords: Set<String> = draft6Keywords.union(["if", "then", "else"])

    /// Draft 2019-09, with `definitions` and `dependencies`, which its metaschema still
    /// describes for schemas written before it.
    private static let draft2019Keywords: Set<String> = [
        "$id", "$schema", "$ref", "$anchor", "$recursiveRef", "$recursiveAnchor", "$defs", "definitions", "type",
        "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength", "pattern", "items", "additionalItems", "maxItems", "minItems", "uniqueItems", "contains",
        "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired",
        "properties", "patternProperties", "additionalProperties", "dependentSchemas", "dependencies",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "if", "then", "else", "allOf", "anyOf",
        "oneOf", "not", "format",
    ]

    /// Draft 2020-12, with `definitions` and `dependencies`, which its metaschema still
    /// describes for schemas written before it.
    private static let draft2020Keywords: Set<String> = draft2019Keywords.subtracting([
        "$recursiveRef", "$recursiveAnchor", "additionalItems",
    ]).union(["$dynamicRef", "$dynamicAnchor", "prefixItems"])
}
