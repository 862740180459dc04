import CodableParsing

/// The elements of a top-level JSON array scanned on several threads: the input is cut into
/// chunks of whole elements (`JSONArrayChunker`), each chunk is scanned by a task of its own,
/// and the batches are handed on in input order. The array's last elements, and anything the
/// chunks cannot vouch for (an input that is not an array, malformed bytes), are read in order
/// by one reader, so records and errors are those of reading the input in order.
///
/// Chunks are read one after another, each read in a task that waits for the one before; at
/// most `workers` chunks are in flight, so memory stays flat.
final class ParallelArrayScan {
    /// What became of one chunk.
    private enum Outcome: Sendable {
        case end
        /// The chunk, and its elements (nil when its scan found something to doubt).
        case scanned(JSONArrayChunk, RecordBatch?)
        /// The rest is read in order.
        case rest
        case unreadable(RecordReadError)
    }

    /// The chunker, used by one task at a time: each read waits for the previous one, and the
    /// reader in order is made only once no read is in flight.
    private final class Chunks: @unchecked Sendable {
        let next: () throws(RecordReadError) -> JSONArrayPiece?
        let readerInOrder: ([JSONArrayChunk]) -> any RecordBatchReader
        init<Source: ByteSource>(_ chunker: JSONArrayChunker<Source>) {
            self.next = { () throws(RecordReadError) in try chunker.nextPiece() }
            self.readerInOrder = { chunker.readerInOrder(from: $0) }
        }
    }

    private typealias Read = Task<Result<JSONArrayPiece?, RecordReadError>, Never>

    private let chunks: Chunks
    private let options: RecordReaderOptions
    private let workers: Int
    private var lastRead: Read?
    private var inFlight: [Task<Outcome, Never>] = []
    private var recordsRead = 0
    /// Reads the rest of the input, in order, once the chunks are over.
    private var inOrder: (any RecordBatchReader)?
    private var finished = false

    init<Source: ByteSource>(source: Source, options: RecordReaderOptions, workers: Int) {
        self.chunks = Chunks(JSONArrayChunker(source: source, options: options))
        self.options = options
        self.workers = max(1, workers)
    }

    deinit { stop() }

    /// The next batch in input order, nil at the end (or when the task is cancelled); an error
    /// stops the scan.
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(RecordReadError) -> RecordBatch? {
        while true {
            if let inOrder {
                guard let batch = try inOrder.nextBatch() else { return nil }
                defer { recordsRead += batch.count }
                return batch.numbered(from: recordsRead)
            }
            if finished { return nil }
            if Task.isCancelled {
                stop()
                return nil
            }
            startScans()
            switch await inFlight.removeFirst().value {
            case .end:
                stop()
            case .unreadable(let error):
                stop()
                throw error
            case .rest:
                await switchToReadingInOrder(from: [], isolation: actor)
            case .scanned(_, let batch?):
                defer { recordsRead += batch.count }
                return batch.numbered(from: recordsRead)
            case .scanned(let chunk, nil):
                await switchToReadingInOrder(from: [chunk], isolation: actor)
            }
        }
    }

    /// Waits for the reads and scans in flight, then reads on in order from `chunks[0]` (the
    /// chunks in flight are read again), or from where the chunker stands.
    private func switchToReadingInOrder(
        from chunks: [JSONArrayChunk], isolation actor: isolated (any Actor)? = #isolation
    ) async {
        var chunks = chunks
        for scan in inFlight {
            if case .scanned(let chunk, _) = await scan.value, !chunks.isEmpty { chunks.append(chunk) }
        }
        inFlight = []
        lastRead = nil
        inOrder = self.chunks.readerInOrder(chunks)
    }

    /// Starts reads and scans until `workers` chunks are in flight.
    private func startScans() {
        let options = self.options
        let chunks = self.chunks
        while inFlight.count < workers {
            let previous = lastRead
            let read = Read.detached {
                // Nothing is read after the end of the chunks or a read that failed.
                if let previous {
                    switch await previous.value {
                    case .success(nil), .success(.rest?), .failure: return .success(nil)
                    case .success(.chunk?): break
                    }
                }
                do throws(RecordReadError) {
                    return .success(try chunks.next())
                } catch {
                    return .failure(error)
                }
            }
            lastRead = read
            inFlight.append(
                Task.detached {
                    switch await read.value {
                    case .success(nil): return .end
                    case .success(.rest?): return .rest
                    case .success(.chunk(let chunk)?): return .scanned(chunk, chunk.scan(options: options))
                    case .failure(let error): return .unreadable(error)
                    }
                })
        }
    }

    private func stop() {
        finished = true
        for scan in inFlight { scan.cancel() }
        inFlight = []
        lastRead = nil
    }
}
