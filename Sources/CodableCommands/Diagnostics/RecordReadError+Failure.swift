import CodableParsing
import CodablePipeline

extension RecordReadError {
    /// The failure this error is reported as, reading the input (or page) named `input`:
    /// malformed input or an envelope without its array (status 1), or unreadable (3).
    func failure(reading input: String) -> CommandFailure {
        switch self {
        case .malformed(let reason, let location, let excerpt), .skippedRecord(let reason, let location, let excerpt):
            return .malformedInput(input: input, reason: reason, location: location, excerpt: excerpt)
        case .unreadable(let underlying):
            return .unreadableInput(input: input, reason: describe(underlying))
        case .invalidEnvelope(let message, let codingPath, let location, let excerpt):
            return .invalidValue(
                input: input, message: message + Remedy.items, codingPath: codingPath, location: location,
                excerpt: excerpt)
        }
    }
}

extension CommandFailure {
    /// What stopped reading an input, as the failure it reports: a read error or a page that
    /// could not be fetched; nil for an error that is not the input's.
    static func reading(_ error: any Error, in file: InputFile) -> CommandFailure? {
        switch error {
        case let error as RecordReadError: error.failure(reading: file.displayName)
        case let error as PagedSourceError: error.commandFailure
        default: nil
        }
    }
}
