import CodableParsing
import CodablePipeline

/// Writes records with their dates re-encoded: `convert --date`'s writer for batches written
/// on several cores (`ParallelBatchWriter`), a rewriter of its own each.
final class DateRewritingWriter: BatchRecordWriter {
    private let writer: RecordWriter
    private let rewriter: DateRewriter

    /// Creates a writer: `rewriter` is this writer's alone from now on.
    init(writer: RecordWriter, rewriter: DateRewriter) {
        self.writer = writer
        self.rewriter = rewriter
    }

    var output: OutputBuffer { writer.output }

    func write(_ record: Record) throws(DateRewriter.Failure) {
        writer.write(record, replacements: try rewriter.replacements(for: record))
    }
}
