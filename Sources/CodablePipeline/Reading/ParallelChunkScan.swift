import CodableParsing

/// Records cut into chunks scanned on several threads: the input is cut into chunks of whole
/// records (a top-level array's elements, `JSONArrayChunker`; CSV or TSV rows, `CSVChunker`),
/// each chunk is scanned by a task of its own, and the batches are handed on in input order.
/// The last records, and anything the chunks cannot vouch for (an input not cut as expected,
/// malformed bytes), are read in order by one reader, so records and errors are those of
/// reading the input in order.
///
/// Chunks are read one after another, each read in a task that waits for the one before; at
/// most `workers` chunks are in flight, so memory stays flat. The first piece is read on the
/// caller's thread, and the number of workers is asked for only once it is a chunk: an input
/// read in order from its start (one wide row, a header and a row longer than a chunk) starts
/// no other thread and counts no cores, whose stacks, heaps and code would add to its peak.
final class ParallelChunkScan<Chunk: Sendable>: ChunkedScan {
    /// What the chunker hands on next.
    enum Piece: Sendable {
        /// Whole records to scan.
        case chunk(Chunk)
        /// The rest of the input is read in order.
        case rest
    }

    /// What became of one chunk.
    private enum Outcome: Sendable {
        case end
        /// The chunk, and its batches (nil when its scan found something to doubt).
        case scanned(Chunk, [RecordBatch]?)
        /// The rest is read in order.
        case rest
        case unreadable(RecordReadError)
    }

    /// The chunker, used by one task at a time: each read waits for the previous one, and the
    /// reader in order is made only once no read is in flight.
    final class Chunks: @unchecked Sendable {
        let next: () throws(RecordReadError) -> Piece?
        let readerInOrder: ([Chunk]) -> any RecordBatchReader
        init(
            next: @escaping () throws(RecordReadError) -> Piece?,
            readerInOrder: @escaping ([Chunk]) -> any RecordBatchReader
        ) {
            self.next = next
            self.readerInOrder = readerInOrder
        }
    }

    private typealias Read = Task<Result<Piece?, RecordReadError>, Never>

    private let chunks: Chunks
    /// A chunk's batches, numbered from 0, or nil when it is to be read again in order.
    private let scan: @Sendable (Chunk) -> [RecordBatch]?
    /// How many chunks may be in flight: asked for (`countWorkers`) once there is a chunk.
    private var workers = 1
    private let countWorkers: () -> Int
    private var lastRead: Read?
    private var inFlight: [Task<Outcome, Never>] = []
    private var recordsRead = 0
    /// The batches of the chunk being handed on, in order.
    private var ready: [RecordBatch] = []
    /// Reads the rest of the input, in order, once the chunks are over.
    private var inOrder: (any RecordBatchReader)?
    /// The first piece was read.
    private var started = false
    private var finished = false

    init(chunks: Chunks, workers: @escaping () -> Int, scan: @escaping @Sendable (Chunk) -> [RecordBatch]?) {
        self.chunks = chunks
        self.scan = scan
        self.countWorkers = workers
    }

    deinit { stop() }

    /// The next batch in input order, nil at the end (or when the task is cancelled); an error
    /// stops the scan.
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(RecordReadError) -> RecordBatch? {
        while true {
            if !ready.isEmpty {
                let batch = ready.removeFirst()
                defer { recordsRead += batch.count }
                return batch.numbered(from: recordsRead)
            }
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
            if !started {
                started = true
                switch try readFirstPiece() {
                case nil: return nil
                case .rest?: inOrder = chunks.readerInOrder([])
                case .chunk(let chunk)?:
                    workers = max(1, countWorkers())
                    startScans(first: chunk)
                }
                continue
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
            case .scanned(_, let batches?):
                ready = batches
            case .scanned(let chunk, nil):
                await switchToReadingInOrder(from: [chunk], isolation: actor)
            }
        }
    }

    /// Waits for the reads and scans in flight, then reads on in order from `chunks[0]` (the
    /// chunks in flight are read again), or from where the chunker stands.
    private func switchToReadingInOrder(
        from chunks: [Chunk], isolation actor: isolated (any Actor)? = #isolation
    ) async {
        var chunks = chunks
        for scan in inFlight {
            if case .scanned(let chunk, _) = await scan.value, !chunks.isEmpty { chunks.append(chunk) }
        }
        inFlight = []
        lastRead = nil
        inOrder = self.chunks.readerInOrder(chunks)
    }

    /// The first piece, read here; nil (and the scan finished) at once at the end.
    private func readFirstPiece() throws(RecordReadError) -> Piece? {
        do throws(RecordReadError) {
            guard let piece = try chunks.next() else {
                stop()
                return nil
            }
            return piece
        } catch {
            stop()
            throw error
        }
    }

    /// Starts reads and scans until `workers` chunks are in flight, the first of them the scan of
    /// `first` (read already) when given.
    private func startScans(first: Chunk? = nil) {
        let scan = self.scan
        let chunks = self.chunks
        var first = first
        while inFlight.count < workers {
            let previous = lastRead
            let read: Read
            if let chunk = first {
                first = nil
                read = Read.detached { .success(.chunk(chunk)) }
            } else {
                read = Read.detached {
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
            }
            lastRead = read
            inFlight.append(
                Task.detached {
                    switch await read.value {
                    case .success(nil): return .end
                    case .success(.rest?): return .rest
                    case .success(.chunk(let chunk)?): return .scanned(chunk, scan(chunk))
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

/// Batches handed on in input order by a `ParallelChunkScan` of any kind of chunk.
protocol ChunkedScan: AnyObject {
    /// The next batch in input order, nil at the end.
    func next(isolation actor: isolated (any Actor)?) async throws(RecordReadError) -> RecordBatch?
}

extension ParallelChunkScan where Chunk == JSONArrayChunk {
    /// The elements of a top-level JSON array in `source` (any other input read in order).
    convenience init<Source: ByteSource>(
        arrayElementsFrom source: Source, options: RecordReaderOptions, workers: @escaping () -> Int
    ) {
        let chunker = JSONArrayChunker(source: source, options: options)
        let chunks = Chunks(
            next: { () throws(RecordReadError) in
                try chunker.nextPiece().map {
                    switch $0 {
                    case .chunk(let chunk): .chunk(chunk)
                    case .rest: .rest
                    }
                }
            },
            readerInOrder: { chunker.readerInOrder(from: $0) })
        self.init(chunks: chunks, workers: workers) { chunk in chunk.scan(options: options).map { [$0] } }
    }
}

extension ParallelChunkScan where Chunk == CSVChunk {
    /// The rows of the CSV or TSV in `source`; each chunk's batches are passed through
    /// `reshaping` (when it returns one) on the thread that scanned them.
    convenience init<Source: ByteSource>(
        csvFrom source: Source, options: CSVReaderOptions, workers: @escaping () -> Int,
        reshaping: (@Sendable (RecordBatch) -> RecordBatch?)?
    ) {
        let chunker = CSVChunker(source: source, options: options)
        let chunks = Chunks(
            next: { () throws(RecordReadError) in
                try chunker.nextPiece().map {
                    switch $0 {
                    case .chunk(let chunk): .chunk(chunk)
                    case .rest: .rest
                    }
                }
            },
            readerInOrder: { chunker.readerInOrder(from: $0) })
        self.init(chunks: chunks, workers: workers) { chunk in
            guard let batches = chunk.scan(options: options) else { return nil }
            guard let reshaping else { return batches }
            return batches.map { reshaping($0) ?? $0 }
        }
    }
}
