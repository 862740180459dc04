import CodableDecoding
import CodableModels
import CodableParsing
import CodableSchema

/// The options that get a run past what the parser layer reports. The parser layer says what is
/// wrong, and what would help as a typed value; only this layer knows the command line, so it
/// names the option after the parser's text.
enum Remedy {
    /// Follows a message saying a value holds no array of records where the items path points.
    static let items = " (--items)"
    /// Follows a limit a record breaks that reading the array inside it record by record avoids.
    static let recordByRecord = " (read the array inside it record by record with --items)"
    /// Follows the nesting limit a record breaks.
    static let maxDepth = " (raise it with --max-depth)"
    /// Follows a message saying codable cannot know how a type decodes or encodes from source.
    static let schema = ": pass --schema for it"

    /// Follows the summary line of a run that stopped at `limit` problems.
    static func maxErrors(_ limit: Int) -> String { " (stopped at --max-errors \(limit); --max-errors 0 for all)" }
}

extension JSONSyntaxError.Reason {
    /// The message codable prints: what is wrong, then the option that changes it, if any.
    var printedMessage: String { description + remedy }

    /// The text after `description` naming the option that lifts the limit or reads the input
    /// another way; empty when no option helps.
    var remedy: String {
        switch self {
        case .tooDeep: Remedy.maxDepth
        case .tooManyValues, .recordTooLarge: Remedy.recordByRecord
        case .secondValue: " (use --from json-stream or jsonl for several values)"
        case .tooManyAliasNodes: "; raise the limit with --yaml-max-alias-nodes"
        default: ""
        }
    }
}

extension ModelRemedy {
    /// The text after a model problem's message naming the option that helps.
    var text: String {
        switch self {
        case .describeWithSchema: Remedy.schema
        case .higherDepthLimit: Remedy.maxDepth
        case .readArrayRecordByRecord: Remedy.recordByRecord
        }
    }
}

extension ModelProblem {
    /// The message codable prints: what is wrong, then the option that helps, if any.
    var printedMessage: String { message + (remedy?.text ?? "") }
}

extension ModelReadError {
    /// The message codable prints: what is wrong, then the option that helps, if any.
    var printedMessage: String { message + (remedy?.text ?? "") }
}

extension SchemaError {
    /// The message codable prints: what is wrong, then the option that helps, if any.
    var printedMessage: String { message + (syntax?.remedy ?? "") }
}
