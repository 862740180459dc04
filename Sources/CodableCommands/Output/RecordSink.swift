import CodableParsing
import CodablePipeline

/// Where a run's records end: one formatter (the output format's writer, or `--envelope`'s
/// page) writing into the output target, `--split`'s pages, or the output of a lane's writer
/// that formats records itself (`decode`'s). The loop writes records into it, `flush`es it
/// after every batch and `finish`es it at the end.
final class RecordSink: RunSink {
    /// Where the output goes (standard output or `-o`; nothing with `--split`).
    let target: OutputTarget
    /// The bytes written and not written out yet.
    let output: OutputBuffer
    /// The formatter records are written with; nil when a lane's writer formats them.
    private let formatter: (any RecordFormatter)?
    private let envelope: EnvelopeWriter?
    private let splitter: PageSplitter?
    private let endOutput: () -> Void
    /// Where problems with the records written are reported.
    let places: ProblemPlaces

    /// Records written with `formatter`, whose buffer spills into `target` whenever it fills
    /// up; or into `--split`'s pages.
    init(
        target: OutputTarget, formatter: any RecordFormatter, envelope: EnvelopeWriter? = nil,
        splitter: PageSplitter? = nil, places: ProblemPlaces = ProblemPlaces()
    ) {
        self.target = target
        self.output = formatter.output
        self.formatter = formatter
        self.envelope = envelope
        self.splitter = splitter
        self.endOutput = formatter.finish
        self.places = places
        target.spillsWhenFull(formatter.output)
    }

    /// Records a lane's writer formats into `output` (which does not spill: a writer that takes
    /// back what it wrote); `endOutput` ends it.
    init(target: OutputTarget, output: OutputBuffer, endOutput: @escaping () -> Void) {
        self.target = target
        self.output = output
        self.formatter = nil
        self.envelope = nil
        self.splitter = nil
        self.endOutput = endOutput
        self.places = ProblemPlaces()
    }

    /// Records are written until the run's inputs end (or the transform chain has its page).
    var isSatisfied: Bool { false }

    /// The input being read: where `--split` reports a value that no page can hold.
    func startInput(_ input: RunInput) {
        splitter?.input = input.file
    }

    /// An input that cannot be read stops the run.
    func cannotRead(_ input: RunInput, _ failure: CommandFailure) throws {
        throw failure
    }

    /// An input whose reading failed stops the run, once its records read before were written.
    func endInput(_ input: RunInput, readError: (any Error)?) throws {
        if let readError { throw InputReadFailure(error: readError) }
    }

    /// Writes every record of `batch` as it is.
    func write(_ batch: RecordBatch) {
        recordFormatter.write(batch)
    }

    /// Writes every record of `batch` with its edit applied as it is written (nothing copied).
    func write(_ batch: RecordBatch, edits: Reshaping.Edits) {
        let formatter = recordFormatter
        switch edits {
        case .each(let edit):
            for index in 0..<batch.count { formatter.write(batch[index], edit: edit) }
        case .perRecord(let edits):
            for index in 0..<batch.count { formatter.write(batch[index], edit: edits[index]) }
        }
    }

    /// Writes one record with `replacements` written in place of the nodes they name.
    func write(_ record: Record, replacements: NodeReplacements) throws(CommandFailure) {
        if let splitter { return try splitter.write(record, replacements: replacements) }
        recordFormatter.write(record, replacements: replacements)
    }

    /// Writes one record with `edit` applied as it is written (nothing copied).
    func write(_ record: Record, edit: RecordEdit) throws(CommandFailure) {
        if let splitter { return try splitter.write(record, edit: edit) }
        recordFormatter.write(record, edit: edit)
    }

    private var recordFormatter: any RecordFormatter {
        guard let formatter else { preconditionFailure("records written to a sink whose lane formats them") }
        return formatter
    }

    /// After a batch: reports what the formatter could not write and writes out what it holds.
    func flush(from file: InputFile) throws {
        if let splitter { return try splitter.writePending() }
        if let formatter { try places.reportIssues(of: formatter, from: file, target: target) }
        try target.write(output)
    }

    /// Ends the output: `facts` (what the transform chain knows about the page) go into the
    /// envelope or `--split`'s index.
    func finish(facts: PageFacts, lastInput: InputFile?) throws {
        if let formatter, let lastInput { try places.reportIssues(of: formatter, from: lastInput, target: target) }
        if let splitter { return try splitter.finish(total: facts.total ?? facts.written) }
        envelope?.facts = facts
        endOutput()
        try target.write(output)
    }

    /// When a run stops: what was written before the failure still goes out, and a partial
    /// line is ended.
    func writeWhatCameBefore() {
        try? target.write(output)
        target.endPartialLine()
    }

    /// Removes what `--split` wrote when the run fails.
    func discardPages() {
        splitter?.discard()
    }
}
