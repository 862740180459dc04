import CodableParsing

#if compiler(>=6.2)
    /// What a `BatchRecordWriter`'s type must be to go into the task that writes a batch with it.
    public typealias BatchRecordWriterType = SendableMetatype
#else
    /// Before Swift 6.2 (the package's tools version is 6.1), no check of metatypes that go into a
    /// task, and no `SendableMetatype` to name.
    public protocol BatchRecordWriterType {}
#endif

/// A writer of records for a `ParallelBatchWriter`: one task uses it at a time, for one batch.
public protocol BatchRecordWriter: AnyObject, BatchRecordWriterType {
    /// Why a record could not be written.
    associatedtype Failure: Error
    /// The bytes written so far; the consumer writes them out and empties it.
    var output: OutputBuffer { get }
    /// Writes one record (or nothing, when it fails).
    func write(_ record: Record) throws(Failure)
    /// Notes about the records written since the last call (`--explain-dates`).
    func takeNotes() -> [String]
    /// Ends what the writer keeps open for one input (`decode --type '[T]'`'s array);
    /// `readAsJSON`: the input was read as JSON.
    func endInput(readAsJSON: Bool)
}

extension BatchRecordWriter {
    /// No notes.
    public func takeNotes() -> [String] { [] }
    /// Nothing kept open.
    public func endInput(readAsJSON: Bool) {}
}
