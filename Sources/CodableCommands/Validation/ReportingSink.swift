import CodableParsing
import CodablePipeline
import CodableReports

/// `validate`'s sink: each input's problems into the report, in input order, as the check lane
/// hands them back; unreadable inputs reported and the run going on; totals kept. With
/// `--max-errors`, the run stops at the first problem past the limit, so that a run with
/// exactly that many is complete, and memory for problems stays bounded.
final class ReportingSink: RunSink {
    let target: OutputTarget
    /// The report, or nil with `--quiet`.
    private let report: (any ValidationReport)?
    /// Unreadable inputs are printed on standard error (the text report), not in the report.
    private let unreadableOnStandardError: Bool
    /// Problems reported at most (nil: no limit).
    private let maxErrors: Int?
    /// The totals so far; complete once the run finished.
    private(set) var summary = ValidationSummary()
    /// The input being checked.
    private var outcome = FileOutcome(file: "", records: 0, problems: 0)
    private let buffer = OutputBuffer(capacity: ReportingSink.flushSize)
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    /// The report's text is written out once this many bytes are held.
    private static let flushSize = 1 << 16

    init(
        target: OutputTarget, report: (any ValidationReport)?, unreadableOnStandardError: Bool, maxErrors: Int?
    ) {
        self.target = target
        self.report = report
        self.unreadableOnStandardError = unreadableOnStandardError
        self.maxErrors = maxErrors
        started = clock.now
    }

    /// `--max-errors` problems were reported and another came: nothing more is checked.
    var isSatisfied: Bool { summary.stoppedAtLimit != nil }

    func startInput(_ input: RunInput) {
        summary.files += 1
        outcome = FileOutcome(file: input.file.displayName, records: 0, problems: 0)
    }

    /// The input is reported as unreadable, and the run goes on.
    func cannotRead(_ input: RunInput, _ failure: CommandFailure) throws {
        outcome.unreadable = Self.reason(failure, for: input.file)
        try finishInput()
    }

    /// Reports what the check found in a batch (or a skipped record), up to the limit. Throws
    /// when the schema or model could not check a record, or the report cannot be written.
    func take(_ checked: CheckedBatch) throws {
        switch checked {
        case .skipped(let failure):
            if isCut() { return }
            outcome.records += 1
            summary.records += 1
            if let problem = Self.problem(failure) { reportProblem(problem) }
        case .checked(let result):
            for (position, problems) in result.records.enumerated() {
                if position > 0 || !result.continuesRecord {
                    outcome.records += 1
                    summary.records += 1
                }
                for problem in problems {
                    if isCut() { return }
                    outcome.problems += 1
                    summary.errors += 1
                    emit(report?.problem(problem))
                }
            }
            if let failure = result.failure { throw failure }
            if buffer.count >= Self.flushSize { try flush() }
        }
    }

    /// A read that failed is a problem (malformed bytes, a page that cannot be followed) unless
    /// the input could not be read at all; then the input's outcome goes into the report.
    func endInput(_ input: RunInput, readError: (any Error)?) throws {
        if let readError, !isSatisfied {
            let failure = Self.failure(readError, in: input.file)
            if let problem = Self.problem(failure) {
                reportProblem(problem)
            } else {
                outcome.unreadable = Self.reason(failure, for: input.file)
            }
        }
        try finishInput()
    }

    /// Writes the report's end, with the totals.
    func finish(facts: PageFacts, lastInput: InputFile?) throws {
        summary.seconds = Self.seconds(clock.now - started)
        try write { sink throws(ReportWriteError) in try report?.end(summary, into: sink) }
    }

    /// A report that stops is not written further.
    func writeWhatCameBefore() {}

    func discardPages() {}

    /// Counts the input's outcome and writes it into the report.
    private func finishInput() throws {
        if let reason = outcome.unreadable {
            summary.unreadableFiles += 1
            if unreadableOnStandardError {
                Diagnostics().report(.unreadableInput(input: outcome.file, reason: reason))
            }
        } else if outcome.problems > 0 {
            summary.invalidFiles += 1
        }
        let outcome = self.outcome
        try write { sink throws(ReportWriteError) in try report?.finish(outcome, into: sink) }
    }

    /// A failure reading an input as the problem it reports: malformed bytes, or a page that
    /// cannot be followed. Nil for an input that cannot be read at all.
    private static func problem(_ failure: CommandFailure) -> ValidationProblem? {
        switch failure {
        case .malformedInput(let input, let reason, let location, let excerpt):
            return ValidationProblem(
                file: input, location: location, excerpt: excerpt, record: nil, path: "", instancePath: "",
                rule: "syntax", ruleLocation: "", message: reason.printedMessage, kind: .malformed)
        case .invalidValue(let input, let message, let codingPath, let location, let excerpt):
            return ValidationProblem(
                file: input, location: location, excerpt: excerpt, record: nil, path: codingPath, instancePath: "",
                rule: "page", ruleLocation: "", message: message, kind: .malformed)
        default:
            return nil
        }
    }

    /// Reports a problem a read found, unless the limit was reached.
    private func reportProblem(_ problem: ValidationProblem) {
        if isCut() { return }
        outcome.problems += 1
        summary.errors += 1
        emit(report?.problem(problem))
    }

    /// Called with one more problem in hand: true (and the run marked as stopped) when
    /// `maxErrors` have already been reported, so that this one and the rest are left out.
    private func isCut() -> Bool {
        guard let maxErrors, summary.errors >= maxErrors else { return false }
        summary.stoppedAtLimit = maxErrors
        return true
    }

    /// What stopped reading an input, as a failure.
    private static func failure(_ error: any Error, in file: InputFile) -> CommandFailure {
        CommandFailure.reading(error, in: file) ?? (error as? CommandFailure)
            ?? .unreadableInput(input: file.displayName, reason: describe(error))
    }

    /// Why an input could not be read, naming the page when it is not the input itself.
    private static func reason(_ failure: CommandFailure, for file: InputFile) -> String {
        switch failure {
        case .unreadableInput(let input, let reason): return input == file.displayName ? reason : "\(input): \(reason)"
        default: return String(Diagnostics(color: false).render(failure).split(separator: "\n").first ?? "")
        }
    }

    private func emit(_ text: String?) {
        guard var text, !text.isEmpty else { return }
        text.withUTF8 { bytes in
            var cursor = buffer.beginAppending()
            cursor.append(bytes.baseAddress!, count: bytes.count)
            buffer.endAppending(cursor)
        }
    }

    /// Writes what `body` hands its sink into the report, then out: 64 KiB at a time as it comes
    /// (a report's kept problems are written from its spool, never made one string).
    private func write(_ body: (ReportOutput) throws(ReportWriteError) -> Void) throws(OutputWriteError) {
        let output = ReportOutput(self)
        do throws(ReportWriteError) { try body(output) } catch {
            throw .failed(
                .unwritableOutput(
                    output: "temporary report file in \(TemporaryFiles.directory.string)", reason: error.reason))
        }
        if let error = output.error { throw error }
        try flush()
    }

    /// The sink `write(_:)` hands a report: into the buffer, flushed once it holds 64 KiB; the
    /// first write error is kept (later text is dropped).
    private final class ReportOutput: CodableReports.ReportSink {
        let owner: ReportingSink
        var error: OutputWriteError?

        init(_ owner: ReportingSink) {
            self.owner = owner
        }

        func write(_ bytes: UnsafeRawBufferPointer) {
            guard error == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
            var cursor = owner.buffer.beginAppending()
            cursor.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            owner.buffer.endAppending(cursor)
            guard owner.buffer.count >= ReportingSink.flushSize else { return }
            do throws(OutputWriteError) { try owner.flush() } catch { self.error = error }
        }
    }

    private func flush() throws(OutputWriteError) {
        guard buffer.count > 0 else { return }
        try target.write(buffer)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
