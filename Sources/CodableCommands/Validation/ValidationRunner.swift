import CodableParsing
import CodablePipeline
import CodableReports

/// The loop behind `validate`: every record of every input through the checker, every problem
/// into the report, unreadable inputs reported and skipped, totals kept.
struct ValidationRunner {
    /// What an input is checked with.
    struct Check {
        let checker: any RecordChecker
        /// The elements of a top-level array (or a lone YAML document's sequence) are the
        /// records; otherwise each JSON text or YAML document is one.
        let arrayElementsAreRecords: Bool
    }

    /// An input to check, or a pattern that matched nothing (reported as unreadable).
    enum Entry {
        case file(InputFile, Check)
        case unmatchedPattern(String)
    }

    let entries: [Entry]
    let input: InputOptions
    /// The report, or nil with `--quiet`.
    let report: (any ValidationReport)?
    /// Unreadable inputs are printed on standard error (the text report), not in the report.
    let unreadableOnStandardError: Bool
    /// Problems reported at most (nil: no limit). The run stops at the first problem past it,
    /// so a run with exactly this many is complete, and memory for problems stays bounded.
    let maxErrors: Int?
    let target: OutputTarget

    private final class State {
        var summary = ValidationSummary()
        let buffer = OutputBuffer(capacity: 1 << 16)
        /// Writing the report failed while an input was being checked.
        var writeError: OutputWriteError?
        /// The schema or model could not check a record.
        var checkerFailure: CommandFailure?
    }

    /// Checks everything and returns the totals; the report is written and committed.
    func run() async throws(CommandFailure) -> ValidationSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let state = State()
        try await target.produce {
            for entry in entries {
                guard state.summary.stoppedAtLimit == nil else { break }
                state.summary.files += 1
                var outcome: FileOutcome
                switch entry {
                case .unmatchedPattern(let pattern):
                    outcome = FileOutcome(
                        file: pattern, records: 0, problems: 0, unreadable: "no file matches this pattern")
                case .file(let file, let check):
                    outcome = await self.check(file, with: check, state)
                    if let error = state.writeError { throw error }
                    if let failure = state.checkerFailure { throw failure }
                }
                if let reason = outcome.unreadable {
                    state.summary.unreadableFiles += 1
                    if unreadableOnStandardError {
                        Diagnostics().report(.unreadableInput(input: outcome.file, reason: reason))
                    }
                } else if outcome.problems > 0 {
                    state.summary.invalidFiles += 1
                }
                try write(state) { sink throws(ReportWriteError) in try report?.finish(outcome, into: sink) }
            }
            state.summary.seconds = Self.seconds(clock.now - started)
            try write(state) { sink throws(ReportWriteError) in try report?.end(state.summary, into: sink) }
        }
        return state.summary
    }

    /// Checks one input's records; a malformed input is a problem, an unreadable one an outcome.
    ///
    /// Batches, and parts of a batch with many problems, are checked in parallel (up to `window`
    /// tasks at a time, so memory stays flat; see `CheckQueue`) and reported in input order.
    private func check(_ file: InputFile, with check: Check, _ state: State) async -> FileOutcome {
        var outcome = FileOutcome(file: file.displayName, records: 0, problems: 0)
        let records: InputRecords
        // Every problem is reported: a malformed JSON Lines line, json-seq record or CSV row is
        // one, and the checking goes on at the next.
        do {
            records = try input.records(
                from: file, arrayElementsAreRecords: check.arrayElementsAreRecords, resumesAfterMalformedRecords: true)
        } catch {
            outcome.unreadable = Self.reason(error, for: file)
            return outcome
        }
        var batches = records.makeAsyncIterator()
        var readError: CommandFailure?
        // A malformed record skipped, reported once the batches before it were.
        var skippedRecord: CommandFailure?
        var reading = true
        // One past the limit, to tell a run with exactly `maxErrors` problems from a cut one.
        let work = BatchCheck(
            checker: check.checker, file: file.displayName, limit: maxErrors.map { $0 + 1 } ?? Int.max)
        var queue = CheckQueue(work: work, window: Self.window, batches: Self.batchesAhead)
        defer { queue.cancelAll() }
        while true {
            while reading && skippedRecord == nil && queue.wantsBatch {
                do {
                    if let batch = try await batches.next() {
                        queue.add(batch)
                    } else {
                        reading = false
                    }
                } catch let error as RecordReadError where error.isSkippedRecord {
                    skippedRecord = Self.failure(error, in: file)
                } catch {
                    readError = Self.failure(error, in: file)
                    reading = false
                }
            }
            // The rest of a part that stopped short is checked while these problems are reported.
            guard let result = await queue.next() else {
                guard let skipped = skippedRecord else { break }
                skippedRecord = nil
                if isCut(state) { return outcome }
                outcome.records += 1
                state.summary.records += 1
                if let problem = Self.problem(skipped) { report(problem, in: &outcome, state) }
                continue
            }
            for (position, problems) in result.records.enumerated() {
                if position > 0 || !result.continuesRecord {
                    outcome.records += 1
                    state.summary.records += 1
                }
                for problem in problems {
                    if isCut(state) { return outcome }
                    outcome.problems += 1
                    state.summary.errors += 1
                    emit(report?.problem(problem), state)
                }
            }
            if let failure = result.failure {
                state.checkerFailure = failure
                return outcome
            }
            if state.buffer.count >= 1 << 16 {
                do { try flush(state) } catch {
                    state.writeError = error
                    return outcome
                }
            }
        }
        if let readError {
            if let problem = Self.problem(readError) {
                report(problem, in: &outcome, state)
            } else {
                outcome.unreadable = Self.reason(readError, for: file)
            }
        }
        return outcome
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

    /// Reports the problem that ended reading an input.
    private func report(_ problem: ValidationProblem, in outcome: inout FileOutcome, _ state: State) {
        if isCut(state) { return }
        outcome.problems += 1
        state.summary.errors += 1
        emit(report?.problem(problem), state)
    }

    /// Called with one more problem in hand: true (and the run marked as stopped) when
    /// `maxErrors` have already been reported, so that this one and the rest are left out.
    private func isCut(_ state: State) -> Bool {
        guard let maxErrors, state.summary.errors >= maxErrors else { return false }
        state.summary.stoppedAtLimit = maxErrors
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

    /// Checking tasks started and not yet reported, at most: enough to keep every core busy
    /// while later batches' first tasks, done, wait their turn; few enough to keep memory flat
    /// (each holds at most `BatchCheck.problemsPerTask` problems).
    static let window = 8

    /// Batches read and not yet reported, at most.
    static let batchesAhead = 4

    private func emit(_ text: String?, _ state: State) {
        guard var text, !text.isEmpty else { return }
        text.withUTF8 { bytes in
            var cursor = state.buffer.beginAppending()
            cursor.append(bytes.baseAddress!, count: bytes.count)
            state.buffer.endAppending(cursor)
        }
    }

    /// Writes what `body` hands its sink into the report, then out: 64 KiB at a time as it comes
    /// (a report's kept problems are written from its spool, never made one string).
    private func write(_ state: State, _ body: (ReportOutput) throws(ReportWriteError) -> Void) throws(OutputWriteError)
    {
        let sink = ReportOutput(runner: self, state: state)
        do throws(ReportWriteError) { try body(sink) } catch {
            throw .failed(
                .unwritableOutput(
                    output: "temporary report file in \(TemporaryFiles.directory.string)", reason: error.reason))
        }
        if let error = sink.error { throw error }
        try flush(state)
    }

    /// The sink `write(_:_:)` hands a report: into the state's buffer, flushed once it holds
    /// 64 KiB; the first write error is kept (later text is dropped).
    private final class ReportOutput: ReportSink {
        let runner: ValidationRunner
        let state: State
        var error: OutputWriteError?

        init(runner: ValidationRunner, state: State) {
            self.runner = runner
            self.state = state
        }

        func write(_ bytes: UnsafeRawBufferPointer) {
            guard error == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
            var cursor = state.buffer.beginAppending()
            cursor.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            state.buffer.endAppending(cursor)
            guard state.buffer.count >= 1 << 16 else { return }
            do throws(OutputWriteError) { try runner.flush(state) } catch { self.error = error }
        }
    }

    private func flush(_ state: State) throws(OutputWriteError) {
        guard state.buffer.count > 0 else { return }
        try target.write(state.buffer)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
