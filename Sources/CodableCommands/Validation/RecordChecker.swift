import CodableParsing
import CodableReports

/// What `validate` checks each record with: a compiled JSON Schema or a Swift model. An adapter
/// over an engine, so that the loop and the reports do not depend on which one. Called from
/// several tasks at once (batches are checked in parallel).
protocol RecordChecker: Sendable {
    /// What the records are checked against, as reports name it.
    var subject: ValidationSubject { get }
    /// Hands `each` the problems of one record, at most `limit` of them, one at a time in the
    /// order the engine finds them (not document order: `SortedFindings` puts them in it).
    /// Throws when the schema or model itself cannot check this record (a model type the source
    /// does not let us decode).
    func findings(in record: Record, limit: Int, each: (CheckerFinding) -> Void) throws(CommandFailure)
}

/// One problem an engine found in a record, before the check lane locates it in its input.
struct CheckerFinding: Sendable {
    /// The tape node of the offending value.
    var node: Int
    /// JSON Pointer of the value within the record.
    var instancePath: String
    /// The rule broken (a keyword, a decoding failure kind).
    var rule: String
    /// Where the rule is (a keyword location, a model member).
    var ruleLocation: String
    /// The rule's absolute location, when it has one.
    var absoluteRuleLocation: String?
    /// What is wrong.
    var message: String
}
