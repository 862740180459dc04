import CodableParsing
import CodablePipeline

/// Why a command stopped: a typed value that only the diagnostics printer turns into text.
public enum CommandFailure: Error {
    /// An input's bytes are malformed, at a place in the named input.
    case malformedInput(input: String, reason: JSONSyntaxError.Reason, location: SourceLocation, excerpt: SourceExcerpt)
    /// A value inside a well-formed record is not what it must be (a date that is not one).
    case invalidValue(
        input: String, message: String, codingPath: String, location: SourceLocation, excerpt: SourceExcerpt)
    /// An input could not be opened or read.
    case unreadableInput(input: String, reason: String)
    /// The output could not be written.
    case unwritableOutput(output: String, reason: String)
    /// The command line asks for something that cannot be done.
    case usage(String)
    /// An expression option (`--where`) does not parse: `column` is 1-based within `text`.
    case badExpression(option: String, text: String, column: Int, message: String)
    /// A model (Swift source, JSON Schema) that cannot decode: `place` is `file:line:column`
    /// when known.
    case invalidModel(place: String?, message: String)
    /// A model or schema file or folder that cannot be read (exit status 3).
    case unreadableModel(place: String?, reason: String)
    /// `--on-error skip` left out records that failed (each was reported as it happened).
    case recordsSkipped(Int)
    /// A schema or model that is itself invalid, at `place` (`schema.json:4:15`, or the file
    /// alone when there is no position), with an optional detail line (the JSON Pointer).
    case invalidDefinition(place: String, message: String, detail: String?)
    /// The run's problems were already reported (by `validate`'s report); only the status is left.
    case reported(ExitStatus)

    /// The documented exit status for this failure.
    public var status: ExitStatus {
        switch self {
        case .malformedInput, .invalidValue, .recordsSkipped: return .invalidData
        case .unreadableInput, .unwritableOutput, .unreadableModel: return .io
        case .usage, .badExpression, .invalidModel, .invalidDefinition: return .usage
        case .reported(let status): return status
        }
    }
}

extension CommandFailure {
    /// A decoded record's bytes could not be read back from their temporary file
    /// (`OutputOverflow`) in `$TMPDIR`.
    static func unreadableRecordOverflow(_ error: TemporaryFileError) -> CommandFailure {
        .unwritableOutput(output: "temporary record file in \(TemporaryFiles.directory.string)", reason: error.reason)
    }

    /// `validate`'s findings for one record, kept in a temporary file, could not be read back.
    static func unreadableFindingsSpill(_ error: TemporaryFileError) -> CommandFailure {
        .unwritableOutput(output: "temporary findings file in \(TemporaryFiles.directory.string)", reason: error.reason)
    }
}
