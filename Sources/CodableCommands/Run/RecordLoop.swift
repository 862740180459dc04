import CodableParsing
import CodablePipeline

/// The one loop behind every command: reads each input's batches in order, sends each through
/// the plan's stages (reshaping, decoding, then the lane, the transform chain or the check)
/// into the sink, writes out what came through after every batch, and stops reading as soon as
/// the chain or the sink wants nothing more.
struct RecordLoop {
    let plan: RunPlan

    func run() async throws(CommandFailure) {
        let sink = plan.sink
        let discardPages = sink.discardPages
        var skipped = 0
        defer { plan.progress?.finish() }
        let committed = try await sink.target.produce(cleanUp: discardPages, otherError: otherError) {
            reading: for input in plan.inputs {
                let file = input.file
                sink.startInput(input)
                let records: InputRecords
                do throws(CommandFailure) {
                    if let unreadable = input.unreadable { throw unreadable }
                    let writtenAsRead = if case .asRead = plan.writing { true } else { false }
                    records = try plan.input.records(
                        from: file, arrayElementsAreRecords: input.arrayElementsAreRecords,
                        resumesAfterMalformedRecords: plan.readsPastMalformedRecords,
                        reshapingTables: plan.reshaping?.rebuildingTablesAhead(writtenAsRead: writtenAsRead))
                } catch {
                    try sink.cannotRead(input, error)
                    if sink.isSatisfied { break reading }
                    continue reading
                }
                var batches = InputBatches(records, readingAhead: plan.readsAhead)
                defer { batches.cancel() }
                // Reports a failed record and counts it (`--on-error skip`), or throws it.
                let skipOrThrow = { (failure: CommandFailure) throws(CommandFailure) in
                    guard plan.skipsFailures, case .invalidValue = failure else { throw failure }
                    Diagnostics().report(failure)
                    skipped += 1
                }
                do {
                    var readError: (any Error)?
                    switch plan.writing {
                    case .lane(let lane, _): lane.startInput(input)
                    case .check(let lane, _): lane.startInput(input)
                    case .asRead, .chain: break
                    }
                    batchByBatch: while true {
                        let next: RecordBatch?
                        do { next = try await batches.next() } catch {
                            guard let skippedRecord = error as? RecordReadError, skippedRecord.isSkippedRecord else {
                                readError = error
                                break
                            }
                            // Reported in its place: after the failures of the records before it.
                            let failure = skippedRecord.failure(reading: file.displayName)
                            switch plan.writing {
                            case .lane(let lane, let sink):
                                lane.skip(failure, from: file)
                                while !lane.hasRoom, let written = await lane.next() {
                                    skipped += try take(written, into: sink, from: file, skipOrThrow: skipOrThrow)
                                }
                            case .check(let lane, let report):
                                lane.skip(failure, from: file)
                                while !lane.hasRoom, let checked = await lane.next() {
                                    try report.take(checked)
                                    if report.isSatisfied { break batchByBatch }
                                }
                            case .asRead, .chain:
                                Diagnostics().report(failure)
                                skipped += 1
                            }
                            continue
                        }
                        // The batch read is held by nothing else: `decode` lets go of a huge one.
                        guard var batch = consume next else { break }
                        plan.progress?.advance(records: batch.count, bytes: batch.bytes.count)
                        if let reshaping = plan.reshaping, !batch.isReshaped {
                            let fromTable = plan.input.csvDialect(for: file) != nil
                            if let edits = reshaping.editsAsWritten(for: batch, fromTable: fromTable),
                                case .asRead(let sink) = plan.writing
                            {
                                sink.write(batch, edits: edits)
                                try sink.flush(from: file)
                                continue
                            }
                            batch = try reshaping.rebuilt(batch, fromTable: fromTable, file: file)
                        }
                        if let decoding = plan.decoding {
                            guard let decoded = try decoding.decode(consume batch, file: file, onFailure: skipOrThrow)
                            else { continue }
                            batch = decoded
                        }
                        switch plan.writing {
                        case .asRead(let sink):
                            sink.write(batch)
                            try sink.flush(from: file)
                        case .lane(let lane, let sink):
                            lane.start(batch, from: file)
                            // Taken (its output written and emptied) before its writer starts another.
                            while !lane.hasRoom, let written = await lane.next() {
                                skipped += try take(written, into: sink, from: file, skipOrThrow: skipOrThrow)
                            }
                        case .chain(let chain, let dates, let sink):
                            try chain.process(
                                batch, replacements: dates.map { Self.replacements($0, batch) },
                                onFailure: { failure, record in
                                    try skipOrThrow(
                                        sink.places.failure(
                                            failure.message, in: record, at: failure.node ?? record.root, file: file))
                                },
                                emit: { record, replacements in try sink.write(record, replacements: replacements) },
                                emitEdited: { record, edit in try sink.write(record, edit: edit) })
                            try sink.flush(from: file)
                            if chain.isSatisfied { break reading }
                        case .check(let lane, let report):
                            lane.start(batch, from: file)
                            while !lane.hasRoom, let checked = await lane.next() {
                                try report.take(checked)
                                if report.isSatisfied { break batchByBatch }
                            }
                        }
                    }
                    let readAsJSON = (plan.input.framing(for: file) ?? .json) == .json
                    switch plan.writing {
                    case .lane(let lane, let sink):
                        while let written = await lane.next() {
                            skipped += try take(written, into: sink, from: file, skipOrThrow: skipOrThrow)
                        }
                        try sink.endInput(input, readError: readError)
                        lane.endInput(readAsJSON: readAsJSON)
                    case .check(let lane, let report):
                        while !report.isSatisfied, let checked = await lane.next() {
                            try report.take(checked)
                        }
                        lane.endInput(readAsJSON: readAsJSON)
                        try report.endInput(input, readError: readError)
                        if report.isSatisfied { break reading }
                    case .asRead, .chain:
                        try sink.endInput(input, readError: readError)
                    }
                } catch let stopped as InputReadFailure {
                    sink.writeWhatCameBefore()
                    guard let failure = CommandFailure.reading(stopped.error, in: file) else { throw stopped.error }
                    guard plan.skipsFailures, case .malformedInput = failure else { throw failure }
                    // `--on-error skip` cannot go on: say so under the error.
                    Diagnostics().report(failure)
                    Diagnostics().note(NoPlaceToResume.explanation(for: file, input: plan.input))
                    if skipped > 0 { Diagnostics().report(.recordsSkipped(skipped)) }
                    throw CommandFailure.reported(failure.status)
                } catch let failure as CommandFailure {
                    if plan.writesRecordsBeforeFailure { sink.writeWhatCameBefore() }
                    throw failure
                }
            }
            var facts = PageFacts(written: 0, hasMore: false, total: nil)
            if case .chain(let chain, _, let sink) = plan.writing {
                facts = try chain.finish { record, replacements in
                    try sink.write(record, replacements: replacements)
                }
            }
            try sink.finish(facts: facts, lastInput: plan.inputs.last?.file)
        }
        guard committed else { return }  // the reader went away: quietly done
        if skipped > 0 { throw .recordsSkipped(skipped) }
    }

    /// A batch a lane wrote: its notes printed, its failures reported or thrown (after the
    /// records before the first that stops the run), and its output written out. Returns the
    /// records skipped where they were read (1 for such a record in its place, else 0).
    private func take(
        _ written: WrittenBatch, into sink: RecordSink, from file: InputFile,
        skipOrThrow: (CommandFailure) throws(CommandFailure) -> Void
    ) throws -> Int {
        guard let output = written.output else {
            // A malformed record the reading skipped, handed back in its place.
            if let skippedRead = written.skippedRead { Diagnostics().report(skippedRead) }
            return 1
        }
        for note in written.notes { Diagnostics().note(note) }
        for failure in written.failures {
            do { try skipOrThrow(failure) } catch {
                try? sink.target.write(output)
                throw error
            }
        }
        // A lane on this thread writes into the sink's output; one on several cores, into its own.
        if output === sink.output {
            try sink.flush(from: file)
        } else {
            try sink.target.write(output)
        }
        return 0
    }

    /// How an error that is neither a failure nor the output's is reported: only `--sort-by`'s
    /// runs are written elsewhere than the output, into `$TMPDIR`.
    private var otherError: (any Error) -> CommandFailure {
        guard case .chain = plan.writing else { return { .usage("unexpected error: \($0)") } }
        return { error in
            .unwritableOutput(
                output: "temporary sort file in \(TemporaryFiles.directory.string)",
                reason: CodableCommands.describe(error))
        }
    }

    /// Record `index`'s re-encoded dates; a date that fails is the record's failure.
    private static func replacements(_ rewriter: DateRewriter, _ batch: RecordBatch) -> (Int) throws -> NodeReplacements
    {
        return { index in
            do throws(DateRewriter.Failure) {
                return try rewriter.replacements(for: batch[index])
            } catch {
                throw RecordFailure(node: error.node, message: error.message)
            }
        }
    }
}
