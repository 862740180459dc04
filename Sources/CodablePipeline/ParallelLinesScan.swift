import CodableParsing

/// JSON Lines scanned on several threads: the input is cut into chunks of whole lines on the
/// reading task, each chunk is scanned by a task of its own, and the batches are handed on in
/// input order. At most `workers` chunks are in flight, so memory stays flat; a consumer that
/// stops leaves only those scans to finish on their own (they never wait on anything).
final class ParallelLinesScan {
    private typealias Scan = Task<(batch: RecordBatch?, error: RecordReadError?), Never>

    private let nextChunk: () throws(RecordReadError) -> JSONLinesChunk?
    private let options: RecordReaderOptions
    private let workers: Int
    private var inFlight: [Scan] = []
    private var recordsRead = 0
    private var inputEnded = false
    /// An error to throw once the scans before it are handed on.
    private var pendingError: RecordReadError?
    private var finished = false

    init<Source: ByteSource>(source: Source, options: RecordReaderOptions, workers: Int) {
        let chunker = JSONLinesChunker(source: source, chunkSize: options.chunkSize)
        self.nextChunk = { () throws(RecordReadError) in try chunker.nextChunk() }
        self.options = options
        self.workers = max(1, workers)
    }

    deinit {
        for scan in inFlight { scan.cancel() }
    }

    /// The next batch in input order, nil at the end (or when the task is cancelled).
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(RecordReadError) -> RecordBatch? {
        while !finished {
            if Task.isCancelled { return stop() }
            startScans()
            guard !inFlight.isEmpty else {
                finished = true
                if let error = pendingError { pendingError = nil; throw error }
                return nil
            }
            let result = await inFlight.removeFirst().value
            if let error = result.error {
                // The chunks after a malformed line are not handed on.
                for scan in inFlight { scan.cancel() }
                inFlight = []
                inputEnded = true
                pendingError = error
            }
            guard let batch = result.batch else { continue }
            defer { recordsRead += batch.count }
            return batch.numbered(from: recordsRead)
        }
        return nil
    }

    /// Cuts chunks and starts their scans until `workers` are in flight or the input ends.
    private func startScans() {
        let options = self.options
        while !inputEnded && inFlight.count < workers {
            do throws(RecordReadError) {
                guard let chunk = try nextChunk() else { inputEnded = true; return }
                inFlight.append(Task.detached { chunk.scan(options: options) })
            } catch {
                inputEnded = true
                pendingError = error
            }
        }
    }

    private func stop() -> RecordBatch? {
        for scan in inFlight { scan.cancel() }
        inFlight = []
        finished = true
        return nil
    }
}
