import CodableDates
import CodablePipeline

extension DateKind {
    /// How `--explain-dates` names a kind.
    var explanation: String {
        switch self {
        case .reference: return "reference-date seconds (since 2001-01-01)"
        case .seconds: return "Unix seconds (since 1970)"
        case .milliseconds: return "Unix milliseconds"
        case .iso8601: return "ISO-8601"
        case .format: return "the format: pattern"
        }
    }
}

extension DateRewriter.Explanation {
    /// The note `--explain-dates` prints for this reading.
    var note: String {
        "\(path): \(example) read as \(kind.explanation) = \(instant)"
    }
}
