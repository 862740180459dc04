import CodableParsing

/// Batches written by `BatchRecordWriter`s. With one worker, each batch is written on the
/// calling thread when it is started. With more, each batch is written in a task of its own,
/// by a writer of its own (`decode` decodes on the way, `convert` re-encodes dates), and the
/// outputs are handed on in input order: for JSON Lines and JSON text sequences, whose records
/// stand alone (no array around them, no separators between them).
///
/// At most `workers` batches are in flight, one per writer: a writer is reused only after the
/// consumer took the output of its previous batch (`next()`), which makes the unchecked
/// `Sendable` sound, and keeps memory flat.
final class RecordWriterLane<Writer: BatchRecordWriter>: BatchLane, @unchecked Sendable {
    typealias Taken = WrittenBatch

    /// One batch written: its writer's output holds the records that were written; the ones
    /// that failed are listed in order. Writing stops at the first failure that does not let
    /// the batch go on.
    struct Written: @unchecked Sendable {
        let batch: RecordBatch
        let output: OutputBuffer
        let failures: [(index: Int, error: Writer.Failure)]
        let notes: [String]
    }

    /// A writer lent to one task at a time (see the type's comment).
    private final class Slot: @unchecked Sendable {
        let writer: Writer
        init(_ writer: Writer) { self.writer = writer }

        /// Writes `batch`'s records, up to the first failure `goesOnAfter` does not let it go
        /// on after.
        func write(_ batch: RecordBatch, goesOnAfter: (Writer.Failure) -> Bool) -> Written {
            var failures: [(index: Int, error: Writer.Failure)] = []
            for index in 0..<batch.count {
                do throws(Writer.Failure) {
                    try writer.write(batch[index])
                } catch {
                    failures.append((index, error))
                    guard goesOnAfter(error) else { break }
                }
            }
            return Written(batch: batch, output: writer.output, failures: failures, notes: writer.takeNotes())
        }
    }

    /// A batch started: written already (one worker), or being written in a task; or a record
    /// the reading skipped, in its place.
    private enum Pending {
        case written(Written)
        case writing(Task<Written, Never>)
        case skipped(CommandFailure)

        var holdsWriter: Bool {
            if case .skipped = self { return false }
            return true
        }
    }

    private let writers: [Slot]
    private let goesOnAfter: @Sendable (Writer.Failure) -> Bool
    private var inFlight: [(pending: Pending, file: InputFile)] = []
    private var started = 0
    /// The batches in `inFlight`, each holding a writer.
    private var writing = 0

    /// `makeWriter` is called once per worker. After a record fails, its batch goes on when
    /// `goesOnAfter` says so, and stops otherwise.
    init(
        workers: Int, goesOnAfter: @escaping @Sendable (Writer.Failure) -> Bool,
        makeWriter: () throws(CommandFailure) -> Writer
    ) throws(CommandFailure) {
        var writers: [Slot] = []
        for _ in 0..<max(1, workers) { writers.append(Slot(try makeWriter())) }
        self.writers = writers
        self.goesOnAfter = goesOnAfter
    }

    deinit {
        for (pending, _) in inFlight {
            if case .writing(let task) = pending { task.cancel() }
        }
    }

    var hasRoom: Bool { writing < writers.count }

    func start(_ batch: RecordBatch, from file: InputFile) {
        precondition(hasRoom, "more batches started than there are writers")
        let slot = writers[started % writers.count]
        started += 1
        writing += 1
        let goesOnAfter = self.goesOnAfter
        if writers.count == 1 {
            inFlight.append((.written(slot.write(batch, goesOnAfter: goesOnAfter)), file))
        } else {
            inFlight.append((.writing(Task.detached { slot.write(batch, goesOnAfter: goesOnAfter) }), file))
        }
    }

    func skip(_ failure: CommandFailure, from file: InputFile) {
        inFlight.append((.skipped(failure), file))
    }

    func endInput(readAsJSON: Bool) {
        precondition(inFlight.isEmpty, "an input ended with batches in flight")
        for slot in writers { slot.writer.endInput(readAsJSON: readAsJSON) }
    }

    func next() async -> WrittenBatch? {
        if case .skipped(let failure)? = inFlight.first?.pending {
            inFlight.removeFirst()
            return WrittenBatch(output: nil, notes: [], failures: [], skippedRead: failure)
        }
        guard let (written, file) = await nextWritten() else { return nil }
        var locations: BatchLocationCursor?
        let failures = written.failures.map { index, error in
            if locations == nil { locations = BatchLocationCursor(written.batch) }
            return Writer.failure(error, inRecord: index, at: &locations!, file: file)
        }
        return WrittenBatch(output: written.output, notes: written.notes, failures: failures)
    }

    /// The oldest batch in flight and the input it was read from, once written.
    private func nextWritten() async -> (Written, InputFile)? {
        guard !inFlight.isEmpty else { return nil }
        let (pending, file) = inFlight.removeFirst()
        writing -= 1
        switch pending {
        case .written(let written): return (written, file)
        case .writing(let task): return (await task.value, file)
        case .skipped: preconditionFailure("a skipped record is taken by next()")
        }
    }
}
