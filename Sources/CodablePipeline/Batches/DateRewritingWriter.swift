import CodableParsing

/// Writes records with their dates re-encoded, in any output format: `convert --date`'s writer
/// when no transform runs, on one thread or, a rewriter of its own each, on several
/// (`ParallelBatchWriter`).
public final class DateRewritingWriter: BatchRecordWriter {
    private let writer: any RecordFormatter
    private let rewriter: DateRewriter
    /// `--explain-dates`: how `auto` read the values of the records written, as notes.
    private let explain: (@Sendable (DateRewriter.Explanation) -> String)?
    private var notes: [String] = []
    /// Each record's replacements, made in the same room record after record.
    private var replacements = NodeReplacements()

    /// Creates a writer: `rewriter` is this writer's alone from now on. `explain` makes the
    /// note for how `auto` read a value (nil: no notes).
    public init(
        writer: any RecordFormatter, rewriter: DateRewriter,
        explain: (@Sendable (DateRewriter.Explanation) -> String)? = nil
    ) {
        self.writer = writer
        self.rewriter = rewriter
        self.explain = explain
    }

    public var output: OutputBuffer { writer.output }

    public func write(_ record: Record) throws(DateRewriter.Failure) {
        try rewriter.rewrite(record, into: &replacements)
        writer.write(record, replacements: replacements)
        // Only a record written is explained: a run stops at a record whose date fails.
        if let explain { notes += rewriter.takeExplanations().map(explain) }
    }

    public func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }
}
