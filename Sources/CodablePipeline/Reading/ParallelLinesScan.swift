import CodableParsing

/// JSON Lines scanned on several threads: the input is cut into chunks of whole lines, each
/// chunk is scanned by a task of its own, and the batches are handed on in input order.
///
/// Chunks are read one after another, each read in a task that waits for the one before, so a
/// read that blocks (a pipe with nothing in it yet) never holds back the records already read:
/// they are handed on, and only the next batch waits for the input. At most `workers` chunks
/// are in flight, so memory stays flat; a consumer that stops leaves only those to finish.
final class ParallelLinesScan {
    /// What became of one chunk.
    private enum Outcome: Sendable {
        case end
        /// Its batches and errors in order (`JSONLinesChunk.scanAll`).
        case scanned([Result<RecordBatch, RecordReadError>])
        case unreadable(RecordReadError)
    }

    /// The chunker, used by one read task at a time: each read waits for the previous one.
    private final class Chunks: @unchecked Sendable {
        let next: () throws(RecordReadError) -> JSONLinesChunk?
        init(_ next: @escaping () throws(RecordReadError) -> JSONLinesChunk?) { self.next = next }
    }

    private typealias Read = Task<Result<JSONLinesChunk?, RecordReadError>, Never>

    private let chunks: Chunks
    private let options: RecordReaderOptions
    private let workers: Int
    private var lastRead: Read?
    private var inFlight: [Task<Outcome, Never>] = []
    private var recordsRead = 0
    /// The batches and errors of the chunk being handed on, in order.
    private var ready: [Result<RecordBatch, RecordReadError>] = []
    private var finished = false

    init<Source: ByteSource>(source: Source, options: RecordReaderOptions, workers: Int) {
        let chunker = JSONLinesChunker(
            source: source, chunkSize: options.chunkSize, maxRecordBytes: options.maxRecordBytes)
        self.chunks = Chunks { () throws(RecordReadError) in try chunker.nextChunk() }
        self.options = options
        self.workers = max(1, workers)
    }

    deinit { stop() }

    /// The next batch in input order, nil at the end (or when the task is cancelled). A
    /// `skippedRecord` is thrown in its place and the scan goes on; any other error stops it.
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(RecordReadError) -> RecordBatch? {
        while true {
            if !ready.isEmpty {
                switch ready.removeFirst() {
                case .success(let batch):
                    defer { recordsRead += batch.count }
                    return batch.numbered(from: recordsRead)
                case .failure(let error):
                    if error.isSkippedRecord {
                        recordsRead += 1
                    } else {
                        stop()  // the chunks after a malformed line are not handed on
                    }
                    throw error
                }
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
            case .scanned(let pieces):
                ready = pieces
            }
        }
    }

    /// Starts reads and scans until `workers` chunks are in flight.
    private func startScans() {
        let options = self.options
        let chunks = self.chunks
        while inFlight.count < workers {
            let previous = lastRead
            let read = Read.detached {
                // Nothing is read after the end of the input or a read that failed.
                if let previous, case .success(nil) = await previous.value { return .success(nil) }
                if let previous, case .failure = await previous.value { return .success(nil) }
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
                    case .success(let chunk?):
                        return .scanned(chunk.scanAll(options: options))
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
