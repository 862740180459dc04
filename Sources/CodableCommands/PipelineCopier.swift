import CodableDates
import CodableParsing
import CodablePipeline

/// The convert and decode loop with the transform chain in it (`--where`, `--select`, `--sort-by`, pages,
/// `--envelope`…): reads every input, sends each batch through the chain, writes what comes
/// out, and stops reading as soon as the chain wants nothing more.
struct PipelineCopier {
    let input: InputOptions
    let output: OutputOptions
    let dates: DateOptions
    let transforms: TransformOptions
    let pages: OutputPageOptions
    /// `convert --flatten`/`--unflatten` (applied to records as they are read).
    var flattening: FlattenOptions? = nil
    /// `convert --keys`.
    var keys: KeyCase.Style? = nil
    /// `decode`: records are decoded first, and the chain works on the decoded records.
    var decodeStage: DecodeStage? = nil

    func run() async throws(CommandFailure) {
        if pages.envelope && ![.json, .jsonl, .jsonSeq].contains(output.to) {
            throw .usage(
                "--envelope wraps pages in a JSON object: use it with --to json, jsonl or json-seq, not \(output.to.rawValue)"
            )
        }
        if pages.split != nil && output.output != nil {
            throw .usage("--split writes its pages into --output-dir; it cannot be combined with -o")
        }
        // Decoded records carry their dates as --output-dates wrote them: --where reads them as such.
        let whereDates =
            if let decodeStage { WhereDates(fallback: decodeStage.outputDates) } else { try dates.whereDates() }
        var plan = try transforms.plan(whereDates: whereDates)
        plan.keys = keys
        plan.window = pages.window
        let rewriter = decodeStage == nil ? try dates.makeRewriter() : nil
        let inputs = input.inputs
        let target = try output.openTarget()
        let chain = TransformChain(plan: plan, spill: TemporarySpill())
        let progress = ProgressLine(requested: transforms.progress)
        let envelope =
            pages.envelope && pages.split == nil
            ? EnvelopeWriter(
                framing: output.to.framing, options: output.writerOptions,
                page: pages.page ?? (pages.limit.map { l in l == 0 ? 1 : (pages.offset ?? 0) / l + 1 } ?? 1),
                pageSize: pages.page != nil ? (pages.pageSize ?? 50) : pages.limit)
            : nil
        let singleValueAllowed =
            inputs.count == 1 && (input.isYAML(inputs[0]) || (input.framing(for: inputs[0]) ?? .json) == .json)
            && !transforms.isActive && keys == nil && !pages.isActive
        let writer: any RecordFormatter = envelope ?? output.makeWriter(singleValueAllowed: singleValueAllowed)
        target.spillsWhenFull(writer.output)
        // Problems found after decoding are reported at the input records the records came from.
        let places = ProblemPlaces(decodeStage: decodeStage)
        let splitter = try pages.split.map { size throws(CommandFailure) in
            try PageSplitter(
                directory: pages.outputDir ?? ".", pageSize: size, output: output, envelope: pages.envelope,
                places: places)
        }
        var skipped = 0
        // A sort emits everything at the end, in one call: the writer's buffer spills into the
        // target as it fills, so the output is never held whole in memory.
        let emit: TransformChain.Emit = { record, replacements in
            if let splitter { return try splitter.write(record, replacements: replacements) }
            writer.write(record, replacements: replacements)
        }
        // Every writer applies picks, drops and renames itself: it takes records unedited (not copied).
        let emitEdited: TransformChain.EmitEdited = { record, edit in
            if let splitter { return try splitter.write(record, edit: edit) }
            writer.write(record, edit: edit)
        }
        defer { progress.finish() }
        // Only --sort-by's runs write elsewhere than the target; name where they go ($TMPDIR).
        let sortFileFailure = { (error: any Error) -> CommandFailure in
            .unwritableOutput(
                output: "temporary sort file in \(TemporaryFiles.directory.string)",
                reason: CodableCommands.describe(error))
        }
        let discardPages: () -> Void = { splitter?.discard() }
        let committed = try await target.produce(cleanUp: discardPages, otherError: sortFileFailure) {
            reading: for file in inputs {
                splitter?.input = file
                let stream = try input.records(from: file)
                let onFailure: TransformChain.OnFailure = { failure, record in
                    let reported = places.failure(
                        failure.message, in: record, at: failure.node ?? record.root, file: file)
                    guard transforms.onError == .skip else { throw reported }
                    Diagnostics().report(reported)
                    skipped += 1
                }
                var batches = stream.makeAsyncIterator()
                while true {
                    let next: RecordBatch?
                    do { next = try await batches.next() } catch {
                        try? target.write(writer.output)  // what was read before the error still goes out
                        target.endPartialLine()
                        throw RecordCopier.inputFailure(error, in: file) ?? error
                    }
                    // The batch read is held by nothing else: `decode` lets go of a huge one.
                    guard var batch = consume next else { break }
                    progress.advance(records: batch.count, bytes: batch.bytes.count)
                    if let flattening, flattening.isActive {
                        batch = try flattening.apply(
                            to: batch, fromTable: input.csvDialect(for: file) != nil, file: file)
                    }
                    if let decodeStage {
                        let decoded = try decodeStage.decode(consume batch, file: file) { failure in
                            guard transforms.onError == .skip else { throw failure }
                            Diagnostics().report(failure)
                            skipped += 1
                        }
                        guard let decoded else { continue }
                        batch = decoded
                    }
                    let replacements = rewriter.map { Self.replacements($0, batch) }
                    try chain.process(
                        batch, replacements: replacements, onFailure: onFailure, emit: emit, emitEdited: emitEdited)
                    if let splitter {
                        try splitter.writePending()
                    } else {
                        try RecordCopier.reportIssues(of: writer, from: file, target: target, places: places)
                        try target.write(writer.output)
                    }
                    if chain.isSatisfied { break reading }
                }
            }
            let facts = try chain.finish(emit: emit)
            if let file = inputs.last {
                try RecordCopier.reportIssues(of: writer, from: file, target: target, places: places)
            }
            if let splitter {
                try splitter.finish(total: facts.total ?? facts.written)
            } else {
                envelope?.facts = facts
                writer.finish()
                try target.write(writer.output)
            }
        }
        guard committed else { return }  // the reader went away: quietly done
        if skipped > 0 { throw .recordsSkipped(skipped) }
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
