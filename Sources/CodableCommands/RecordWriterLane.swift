import CodableDecoding
import CodableParsing

#if compiler(>=6.2)
    /// What a `BatchRecordWriter`'s type must be to go into the task that writes a batch with it.
    typealias BatchRecordWriterType = SendableMetatype
#else
    /// Before Swift 6.2 (the package's tools version is 6.1), no check of metatypes that go into a
    /// task, and no `SendableMetatype` to name.
    protocol BatchRecordWriterType {}
#endif

/// A writer of records for a `RecordWriterLane`: one task uses it at a time, for one batch.
protocol BatchRecordWriter: AnyObject, BatchRecordWriterType {
    /// Why a record could not be written.
    associatedtype Failure: Error
    /// The bytes written so far; the consumer writes them out and empties it.
    var output: OutputBuffer { get }
    /// Writes one record (or nothing, when it fails).
    func write(_ record: Record) throws(Failure)
    /// Notes about the records written since the last call (`--explain-dates`).
    func takeNotes() -> [String]
    /// The failure reported for record `index` of the batch `locations` walks, read from
    /// `file`; failures of one batch are asked for in input order.
    static func failure(
        _ error: Failure, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure
}

extension BatchRecordWriter {
    func takeNotes() -> [String] { [] }
}

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

    /// A batch started: written already (one worker), or being written in a task.
    private enum Pending {
        case written(Written)
        case writing(Task<Written, Never>)
    }

    private let writers: [Slot]
    private let goesOnAfter: @Sendable (Writer.Failure) -> Bool
    private var inFlight: [(pending: Pending, file: InputFile)] = []
    private var started = 0

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

    var hasRoom: Bool { inFlight.count < writers.count }

    func start(_ batch: RecordBatch, from file: InputFile) {
        precondition(hasRoom, "more batches started than there are writers")
        let slot = writers[started % writers.count]
        started += 1
        let goesOnAfter = self.goesOnAfter
        if writers.count == 1 {
            inFlight.append((.written(slot.write(batch, goesOnAfter: goesOnAfter)), file))
        } else {
            inFlight.append((.writing(Task.detached { slot.write(batch, goesOnAfter: goesOnAfter) }), file))
        }
    }

    func next() async -> WrittenBatch? {
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
        switch pending {
        case .written(let written): return (written, file)
        case .writing(let task): return (await task.value, file)
        }
    }

    /// Writes every batch of `file`'s `records`, keeping every writer busy, and hands each on to
    /// `take` in input order (which writes out and empties its output, or throws to stop). An
    /// error reading the input is thrown (as `CommandFailure.reading` words it) once the
    /// batches read before it are written and taken, after ending `target`'s partial line.
    func writeAll(
        _ records: InputRecords, from file: InputFile, to target: OutputTarget, take: (Written) throws -> Void
    ) async throws {
        let batches = ReadAhead(records)
        defer { batches.cancel() }
        var readError: (any Error)?
        var inputEnded = false
        while true {
            while hasRoom && !inputEnded && readError == nil {
                do {
                    if let batch = try await batches.next() { start(batch, from: file) } else { inputEnded = true }
                } catch {
                    readError = error
                }
            }
            // Taken (its output written and emptied) before its writer starts another batch.
            guard let (written, _) = await nextWritten() else { break }
            try take(written)
        }
        guard let readError else { return }
        target.endPartialLine()
        throw CommandFailure.reading(readError, in: file) ?? readError
    }
}

extension DecodingRecordWriter: BatchRecordWriter {
    static func failure(
        _ error: RecordDecodingError, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure {
        RecordDecodeRunner.failure(error, at: &locations, index: index, file: file)
    }
}
