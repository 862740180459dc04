import CodableParsing

/// Records of one input as an asynchronous sequence of batches.
///
/// Pull-driven: each `next()` reads and scans one buffer of input, so a consumer that stops
/// iterating (a reached limit, a closed pipe, a cancelled task) stops the reading, and nothing
/// is left running. Cancellation is checked before every read.
public struct RecordStream: AsyncSequence {
    public typealias Element = RecordBatch
    public typealias Failure = RecordReadError

    private let start: () -> AsyncIterator.Reading

    /// A stream over the JSON records `source` holds.
    public init<Source: ByteSource>(source: Source, options: RecordReaderOptions) {
        self.start = { .sequential(RecordReader(source: source, options: options)) }
    }

    /// A stream over the batches of a reader of any format, made when iteration starts.
    public init(makeReader: @escaping () -> any RecordBatchReader) {
        self.start = { .sequential(makeReader()) }
    }

    /// A stream over the JSON Lines `source` holds, scanned `workers` chunks at a time on other
    /// threads (each chunk `options.chunkSize` bytes of whole lines), handed on in order.
    public init<Source: ByteSource>(linesFrom source: Source, options: RecordReaderOptions, workers: Int) {
        self.start = { .parallel(ParallelLinesScan(source: source, options: options, workers: workers)) }
    }

    /// A stream over the JSON records `source` holds, a top-level array's elements scanned
    /// `workers` chunks at a time on other threads (each chunk about `options.chunkSize` bytes of
    /// whole elements), handed on in order; any other input is read in order.
    public init<Source: ByteSource>(arrayElementsFrom source: Source, options: RecordReaderOptions, workers: Int) {
        self.start = {
            .chunked(ParallelChunkScan(arrayElementsFrom: source, options: options, workers: { workers }))
        }
    }

    /// A stream over the CSV or TSV records `source` holds, their rows scanned `workers` chunks
    /// at a time on other threads (each chunk about `options.chunkSize` bytes of whole rows),
    /// handed on in order; what the chunks cannot vouch for is read in order. `workers` is
    /// asked for only once the input has rows to cut into chunks. `reshaping`, when
    /// given, is applied to each batch of a chunk on the thread that scanned it: the batch it
    /// returns is handed on instead (nil: the batch as read).
    public init<Source: ByteSource>(
        csvFrom source: Source, options: CSVReaderOptions, workers: @autoclosure @escaping () -> Int,
        reshaping: (@Sendable (RecordBatch) -> RecordBatch?)? = nil
    ) {
        self.start = {
            .chunked(ParallelChunkScan(csvFrom: source, options: options, workers: workers, reshaping: reshaping))
        }
    }

    /// Iterates the batches.
    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Reading {
            case sequential(any RecordBatchReader)
            case parallel(ParallelLinesScan)
            case chunked(any ChunkedScan)
        }

        let reading: Reading

        public mutating func next() async throws(RecordReadError) -> RecordBatch? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(RecordReadError) -> RecordBatch?
        {
            if Task.isCancelled { return nil }
            switch reading {
            case .sequential(let reader): return try reader.nextBatch()
            case .parallel(let scan): return try await scan.next(isolation: actor)
            case .chunked(let scan): return try await scan.next(isolation: actor)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reading: start())
    }
}
