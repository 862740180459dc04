/// Why reading records from an input stopped.
public enum RecordReadError: Error {
    /// The bytes are not valid in the input's framing: a data error, with its place.
    case malformed(JSONSyntaxError.Reason, SourceLocation, SourceExcerpt)
    /// A value holds no array of records where `--items` says (or something else there): a data
    /// error, with the value's coding path and place.
    case invalidEnvelope(message: String, codingPath: String, SourceLocation, SourceExcerpt)
    /// The byte source itself failed (an I/O error).
    case unreadable(any Error)
}
