/// Why reading records from an input stopped.
public enum RecordReadError: Error {
    /// The bytes are not valid in the input's framing: a data error, with its place.
    case malformed(JSONSyntaxError.Reason, SourceLocation, SourceExcerpt)
    /// The byte source itself failed (an I/O error).
    case unreadable(any Error)
}
