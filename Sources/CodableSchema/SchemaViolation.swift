/// One way a record breaks its schema.
public struct SchemaViolation: Sendable, Equatable {
    /// Tape index (in the record's batch) of the offending value: give it to
    /// `RecordBatch.location(ofNode:)` for file, line and column.
    public var node: Int
    /// JSON Pointer of the offending value in the record (`""` for the record itself).
    public var instancePath: String
    /// The keyword's path through the schema as evaluated, `$ref`s included
    /// (`/properties/owner/$ref/required`).
    public var keywordLocation: String
    /// The keyword's absolute location (`URI#pointer`) when a `$ref` or `$dynamicRef` was followed
    /// to reach it; nil otherwise.
    public var absoluteKeywordLocation: String?
    /// The keyword that failed (`type`, `required`, `additionalProperties`, ...).
    public var keyword: String
    /// What is wrong, for a person: `expected string, found number 42`.
    public var message: String

    /// Creates a violation.
    public init(
        node: Int, instancePath: String, keywordLocation: String, absoluteKeywordLocation: String?, keyword: String,
        message: String
    ) {
        self.node = node
        self.instancePath = instancePath
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.keyword = keyword
        self.message = message
    }
}
