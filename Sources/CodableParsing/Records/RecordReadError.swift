/// Why reading records from an input stopped, or (`skippedRecord`) left one record out.
public enum RecordReadError: Error {
    /// The bytes are not valid in the input's framing: a data error, with its place.
    case malformed(JSONSyntaxError.Reason, SourceLocation, SourceExcerpt)
    /// One record's bytes are not valid, in a framing that marks where the next one begins (a
    /// JSON Lines line, a json-seq record, a CSV row), read with `resumesAfterMalformedRecords`:
    /// the reader is past it, and the next call reads on. A data error, with its place.
    case skippedRecord(JSONSyntaxError.Reason, SourceLocation, SourceExcerpt)
    /// A value holds no array of records where the `items` path says (or something else there): a data
    /// error, with the value's coding path and place.
    case invalidEnvelope(message: String, codingPath: String, SourceLocation, SourceExcerpt)
    /// The byte source itself failed (an I/O error).
    case unreadable(any Error)

    /// Whether reading goes on after this error (`skippedRecord`).
    public var isSkippedRecord: Bool {
        if case .skippedRecord = self { return true }
        return false
    }
}
