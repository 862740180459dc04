import CodableParsing

/// Reads an input's next batch on another thread while the current one is worked on, so that
/// scanning and decoding use both cores. One batch is read ahead at most: memory stays flat.
///
/// The iterator is only ever used by one task at a time (each read starts after the previous
/// one was awaited), which is what makes the unchecked `Sendable` sound.
final class ReadAhead: @unchecked Sendable {
    private var iterator: InputRecords.AsyncIterator
    private var pending: Task<RecordBatch?, any Error>?

    /// Starts reading the first batch of `records`.
    init(_ records: InputRecords) {
        iterator = records.makeAsyncIterator()
        pending = Task { try await self.read() }
    }

    deinit { pending?.cancel() }

    /// The next batch (nil at the end), and the read of the one after it started. Errors are
    /// the input's (`RecordReadError`, `PagedSourceError`); after a `skippedRecord` the reading
    /// goes on, after any other it is over.
    func next() async throws -> RecordBatch? {
        guard let current = pending else { return nil }
        let batch: RecordBatch?
        do {
            batch = try await current.value
        } catch {
            let readsOn = (error as? RecordReadError)?.isSkippedRecord == true
            pending = readsOn ? Task { try await self.read() } : nil
            throw error
        }
        pending = batch == nil ? nil : Task { try await self.read() }
        return batch
    }

    /// Stops reading ahead.
    func cancel() {
        pending?.cancel()
        pending = nil
    }

    private func read() async throws -> RecordBatch? {
        try await iterator.next()
    }
}
