import CodableParsing

/// The batches of one input, each read when it is asked for or, `readingAhead`, the next one
/// read on another thread while the current one is worked on (`ReadAhead`).
struct InputBatches {
    private var iterator: InputRecords.AsyncIterator?
    private let readAhead: ReadAhead?

    init(_ records: InputRecords, readingAhead: Bool) {
        if readingAhead {
            iterator = nil
            readAhead = ReadAhead(records)
        } else {
            iterator = records.makeAsyncIterator()
            readAhead = nil
        }
    }

    /// The next batch, nil at the end. Errors are the input's (`RecordReadError`,
    /// `PagedSourceError`).
    mutating func next() async throws -> RecordBatch? {
        if let readAhead { return try await readAhead.next() }
        return try await iterator?.next()
    }

    /// Stops reading ahead.
    func cancel() {
        readAhead?.cancel()
    }
}
