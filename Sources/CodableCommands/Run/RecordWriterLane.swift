import CodableParsing
import CodablePipeline

/// A writer of records whose failures `RecordLoop` reports.
protocol ReportingBatchWriter: BatchRecordWriter {
    /// The failure reported for record `index` of the batch `locations` walks, read from
    /// `file`; failures of one batch are asked for in input order.
    static func failure(
        _ error: Failure, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure
}

/// A writer's stage of `RecordLoop` (dates re-encoded, records decoded as they are written):
/// batches written by a `ParallelBatchWriter`, on one thread or several, their failures made
/// into the ones the run reports, and the malformed records the reading skipped in their place.
final class RecordWriterLane<Writer: ReportingBatchWriter>: BatchLane {
    typealias Taken = WrittenBatch

    private let writers: ParallelBatchWriter<Writer, InputFile>
    /// The records the reading skipped, in the order their places were held.
    private var skippedReads: [CommandFailure] = []

    /// `makeWriter` is called once per worker (at least one). After a record fails, its batch
    /// goes on when `goesOnAfter` says so, and stops otherwise.
    init(
        workers: Int, goesOnAfter: @escaping @Sendable (Writer.Failure) -> Bool,
        makeWriter: () throws(CommandFailure) -> Writer
    ) throws(CommandFailure) {
        var writers: [Writer] = []
        for _ in 0..<max(1, workers) { writers.append(try makeWriter()) }
        self.writers = ParallelBatchWriter(writers: writers, goesOnAfter: goesOnAfter)
    }

    var hasRoom: Bool { writers.hasRoom }

    func start(_ batch: RecordBatch, from file: InputFile) {
        writers.start(batch, tag: file)
    }

    func skip(_ failure: CommandFailure, from file: InputFile) {
        skippedReads.append(failure)
        writers.hold(file)
    }

    func endInput(readAsJSON: Bool) {
        writers.endInput(readAsJSON: readAsJSON)
    }

    func next() async -> WrittenBatch? {
        switch await writers.next() {
        case nil:
            return nil
        case .held?:
            return WrittenBatch(output: nil, notes: [], failures: [], skippedRead: skippedReads.removeFirst())
        case .written(let written, let file)?:
            var locations: BatchLocationCursor?
            let failures = written.failures.map { index, error in
                if locations == nil { locations = BatchLocationCursor(written.batch) }
                return Writer.failure(error, inRecord: index, at: &locations!, file: file)
            }
            return WrittenBatch(output: written.output, notes: written.notes, failures: failures)
        }
    }
}

extension DateRewritingWriter: ReportingBatchWriter {
    /// A date that could not be re-encoded (not a date in its strategy, or not one the output
    /// strategy can write), as the failure it reports.
    static func failure(
        _ error: DateRewriter.Failure, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure {
        ProblemPlaces().failure(error.message, in: locations.batch[index], at: error.node, file: file)
    }
}
