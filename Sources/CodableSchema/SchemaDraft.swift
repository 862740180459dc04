/// The JSON Schema drafts the validator knows, and the keywords each one defines: a keyword a
/// draft does not define is an annotation there, its value never compiled or scanned.
enum SchemaDraft: Sendable {
    case draft7, draft2020

    /// The draft a `$schema` URI names, or nil for a custom metaschema.
    static func named(_ uri: String) -> SchemaDraft? {
        if uri.contains("draft-07") || uri.contains("draft-06") || uri.contains("draft-04") { return .draft7 }
        if uri.contains("draft/2020-12") || uri.contains("draft/2019-09") { return .draft2020 }
        return nil
    }

    /// True when `keyword` means something in this draft (asserts, applies subschemas or
    /// declares identifiers); everything else is an annotation.
    func defines(_ keyword: String) -> Bool {
        switch self {
        case .draft7: Self.draft7Keywords.contains(keyword)
        case .draft2020: Self.draft2020Keywords.contains(keyword)
        }
    }

    private static let draft7Keywords: Set<String> = [
        "$id", "$schema", "$ref", "definitions", "type", "enum", "const", "multipleOf", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "items",
        "additionalItems", "maxItems", "minItems", "uniqueItems", "contains", "maxProperties", "minProperties",
        "required", "properties", "patternProperties", "additionalProperties", "dependencies", "propertyNames",
        "if", "then", "else", "allOf", "anyOf", "oneOf", "not", "format",
    ]

    /// Draft 2020-12, with `definitions` and `dependencies`, which its metaschema still
    /// describes for schemas written before it.
    private static let draft2020Keywords: Set<String> = [
        "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$defs", "definitions", "type",
        "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength", "pattern", "prefixItems", "items", "maxItems", "minItems", "uniqueItems", "contains",
        "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired",
        "properties", "patternProperties", "additionalProperties", "dependentSchemas", "dependencies",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "if", "then", "else", "allOf", "anyOf",
        "oneOf", "not", "format",
    ]
}
