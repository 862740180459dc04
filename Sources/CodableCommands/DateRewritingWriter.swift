import CodableParsing
import CodablePipeline

/// Writes records with their dates re-encoded, in any output format: `convert --date`'s writer,
/// on one thread or, a rewriter of its own each, on several (`ParallelBatchWriter`).
final class DateRewritingWriter: BatchRecordWriter {
    private let writer: any RecordFormatter
    private let rewriter: DateRewriter

    /// Creates a writer: `rewriter` is this writer's alone from now on.
    init(writer: any RecordFormatter, rewriter: DateRewriter) {
        self.writer = writer
        self.rewriter = rewriter
    }

    var output: OutputBuffer { writer.output }

    func write(_ record: Record) throws(DateRewriter.Failure) {
        writer.write(record, replacements: try rewriter.replacements(for: record))
    }

    /// How `--dates auto` read the values written since the last call (`--explain-dates`).
    func takeExplanations() -> [DateRewriter.Explanation] {
        rewriter.takeExplanations()
    }
}
