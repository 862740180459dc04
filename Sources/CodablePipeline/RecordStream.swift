import CodableParsing

/// Records of one input as an asynchronous sequence of batches.
///
/// Pull-driven: each `next()` reads and scans one buffer of input, so a consumer that stops
/// iterating (a reached limit, a closed pipe, a cancelled task) stops the reading, and nothing
/// is left running. Cancellation is checked before every read.
public struct RecordStream: AsyncSequence {
    public typealias Element = RecordBatch
    public typealias Failure = RecordReadError

    private let makeReader: () -> any RecordBatchReader

    /// A stream over the JSON records `source` holds.
    public init<Source: ByteSource>(source: Source, options: RecordReaderOptions) {
        self.makeReader = { RecordReader(source: source, options: options) }
    }

    /// A stream over the batches of a reader of any format, made when iteration starts.
    public init(makeReader: @escaping () -> any RecordBatchReader) {
        self.makeReader = makeReader
    }

    /// Iterates the batches.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: any RecordBatchReader

        public mutating func next() async throws(RecordReadError) -> RecordBatch? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(RecordReadError) -> RecordBatch? {
            if Task.isCancelled { return nil }
            return try reader.nextBatch()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: makeReader())
    }
}
