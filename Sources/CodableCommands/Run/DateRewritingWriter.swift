import CodableParsing
import CodablePipeline

/// Writes records with their dates re-encoded, in any output format: `convert --date`'s writer
/// when no transform runs, on one thread or, a rewriter of its own each, on several
/// (`RecordWriterLane`).
final class DateRewritingWriter: BatchRecordWriter {
    private let writer: any RecordFormatter
    private let rewriter: DateRewriter
    /// `--explain-dates`: how `auto` read the values of the records written is noted.
    private let explains: Bool
    private var notes: [String] = []
    /// Each record's replacements, made in the same room record after record.
    private var replacements = NodeReplacements()

    /// Creates a writer: `rewriter` is this writer's alone from now on.
    init(writer: any RecordFormatter, rewriter: DateRewriter, explains: Bool = false) {
        self.writer = writer
        self.rewriter = rewriter
        self.explains = explains
    }

    var output: OutputBuffer { writer.output }

    func write(_ record: Record) throws(DateRewriter.Failure) {
        try rewriter.rewrite(record, into: &replacements)
        writer.write(record, replacements: replacements)
        // Only a record written is explained: a run stops at a record whose date fails.
        if explains { notes += rewriter.takeExplanations().map(\.note) }
    }

    func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// A date that could not be re-encoded (not a date in its strategy, or not one the output
    /// strategy can write), as the failure it reports.
    static func failure(
        _ error: DateRewriter.Failure, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure {
        ProblemPlaces().failure(error.message, in: locations.batch[index], at: error.node, file: file)
    }
}
