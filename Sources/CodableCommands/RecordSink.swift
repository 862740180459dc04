import CodableParsing
import CodablePipeline

/// Where a run's records end: one formatter (the output format's writer, or `--envelope`'s
/// page) writing into the output target, or `--split`'s pages. The loop writes records into
/// it, `flush`es it after every batch and `finish`es it at the end.
final class RecordSink {
    /// Where the output goes (standard output or `-o`; nothing with `--split`).
    let target: OutputTarget
    /// The formatter the records are written with, unless `--split` writes them into pages.
    let formatter: any RecordFormatter
    private let envelope: EnvelopeWriter?
    private let splitter: PageSplitter?
    /// Where problems with the records written are reported.
    let places: ProblemPlaces

    /// A sink whose `formatter` spills into `target` whenever its buffer fills up.
    init(
        target: OutputTarget, formatter: any RecordFormatter, envelope: EnvelopeWriter? = nil,
        splitter: PageSplitter? = nil, places: ProblemPlaces = ProblemPlaces()
    ) {
        self.target = target
        self.formatter = formatter
        self.envelope = envelope
        self.splitter = splitter
        self.places = places
        target.spillsWhenFull(formatter.output)
    }

    /// The input being read: where `--split` reports a value that no page can hold.
    func startInput(_ file: InputFile) {
        splitter?.input = file
    }

    /// Writes every record of `batch` as it is.
    func write(_ batch: RecordBatch) {
        formatter.write(batch)
    }

    /// Writes one record with `replacements` written in place of the nodes they name.
    func write(_ record: Record, replacements: NodeReplacements) throws(CommandFailure) {
        if let splitter { return try splitter.write(record, replacements: replacements) }
        formatter.write(record, replacements: replacements)
    }

    /// Writes one record with `edit` applied as it is written (nothing copied).
    func write(_ record: Record, edit: RecordEdit) throws(CommandFailure) {
        if let splitter { return try splitter.write(record, edit: edit) }
        formatter.write(record, edit: edit)
    }

    /// After a batch: reports what the formatter could not write and writes out what it holds.
    func flush(from file: InputFile) throws {
        if let splitter { return try splitter.writePending() }
        try places.reportIssues(of: formatter, from: file, target: target)
        try target.write(formatter.output)
    }

    /// Ends the output: `facts` (what the transform chain knows about the page) go into the
    /// envelope or `--split`'s index.
    func finish(facts: PageFacts, lastInput: InputFile?) throws {
        if let lastInput { try places.reportIssues(of: formatter, from: lastInput, target: target) }
        if let splitter { return try splitter.finish(total: facts.total ?? facts.written) }
        envelope?.facts = facts
        formatter.finish()
        try target.write(formatter.output)
    }

    /// When a run stops: what was written before the failure still goes out, and a partial
    /// line is ended.
    func writeWhatCameBefore() {
        try? target.write(formatter.output)
        target.endPartialLine()
    }

    /// Removes what `--split` wrote when the run fails.
    func discardPages() {
        splitter?.discard()
    }
}
