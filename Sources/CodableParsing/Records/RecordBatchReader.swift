/// Anything that turns an input into batches of records: the JSON `RecordReader`, and the
/// readers of other formats (YAML, CSV), which build the same tape of nodes.
public protocol RecordBatchReader: AnyObject {
    /// The next batch of records, or nil at the end of the input. Records read before a
    /// malformed one are returned first; the error comes with the following call.
    func nextBatch() throws(RecordReadError) -> RecordBatch?
}
