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
            throw .usage("--envelope wraps pages in a JSON object: use it with --to json, jsonl or json-seq, not \(output.to.rawValue)")
        }
        if pages.split != nil && output.output != nil {
            throw .usage("--split writes its pages into --output-dir; it cannot be combined with -o")
        }
        // Decoded records carry their dates as --output-dates wrote them: --where reads them as such.
        let whereDates = if let decodeStage { WhereDates(fallback: decodeStage.outputDates) } else { try dates.whereDates() }
        var plan = try transforms.plan(whereDates: whereDates)
        plan.keys = keys
        plan.window = pages.window
        let rewriter = decodeStage == nil ? try dates.makeRewriter() : nil
        let inputs = input.inputs
        let target = try output.openTarget()
        let chain = TransformChain(plan: plan, spill: TemporarySpill())
        let progress = ProgressLine(requested: transforms.progress)
        let envelope = pages.envelope && pages.split == nil
            ? EnvelopeWriter(framing: output.to.framing, options: output.writerOptions, page: pages.page ?? (pages.limit.map { l in l == 0 ? 1 : (pages.offset ?? 0) / l + 1 } ?? 1),
                             pageSize: pages.page != nil ? (pages.pageSize ?? 50) : pages.limit)
            : nil
        let singleValueAllowed = inputs.count == 1 && (input.isYAML(inputs[0]) || (input.framing(for: inputs[0]) ?? .json) == .json) && !transforms.isActive && keys == nil && !pages.isActive
        let writer: any RecordFormatter = envelope ?? output.makeWriter(singleValueAllowed: singleValueAllowed)
        target.spillsWhenFull(writer.output)
        let splitter = try pages.split.map { size throws(CommandFailure) in
            try PageSplitter(directory: pages.outputDir ?? ".", pageSize: size, output: output, envelope: pages.envelope)
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
        let committed = try await target.produce(cleanUp: { splitter?.discard() }, otherError: { error in
            // Only --sort-by's runs write elsewhere than the target; name where they go ($TMPDIR).
            .unwritableOutput(output: "temporary sort file in \(TemporaryFiles.directory.string)", reason: CodableCommands.describe(error))
        }) {
            reading: for file in inputs {
                splitter?.input = file
                let stream = try input.records(from: file)
                let onFailure: TransformChain.OnFailure = { failure, record in
                    let reported = describe(failure, record, file)
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
                    guard let read = next else { break }
                    progress.advance(records: read.count, bytes: read.bytes.count)
                    var batch = read
                    if let flattening, flattening.isActive {
                        batch = try flattening.apply(to: read, fromTable: input.csvDialect(for: file) != nil, file: file)
                    }
                    if let decodeStage {
                        let decoded = try decodeStage.decode(batch, file: file) { failure in
                            guard transforms.onError == .skip else { throw failure }
                            Diagnostics().report(failure)
                            skipped += 1
                        }
                        guard let decoded else { continue }
                        batch = decoded
                    }
                    let replacements = rewriter.map { Self.replacements($0, batch) }
                    try chain.process(batch, replacements: replacements, onFailure: onFailure, emit: emit, emitEdited: emitEdited)
                    if let splitter {
                        try splitter.writePending()
                    } else {
                        try RecordCopier.reportIssues(of: writer, from: file, target: target)
                        try target.write(writer.output)
                    }
                    if chain.isSatisfied { break reading }
                }
            }
            let facts = try chain.finish(emit: emit)
            if let file = inputs.last { try RecordCopier.reportIssues(of: writer, from: file, target: target) }
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
    private static func replacements(_ rewriter: DateRewriter, _ batch: RecordBatch) -> (Int) throws -> NodeReplacements {
        return { index in
            do throws(DateRewriter.Failure) {
                return try rewriter.replacements(for: batch[index])
            } catch {
                throw RecordFailure(node: error.node, message: error.message)
            }
        }
    }

    /// A failed record as a diagnostic: the offending value's place, or the record's.
    private func describe(_ failure: RecordFailure, _ record: Record, _ file: InputFile) -> CommandFailure {
        let batch = record.batch
        let node = failure.node ?? record.root
        let index = batch.roots.firstIndex(of: Int32(record.root)) ?? 0
        if let decodeStage, let origin = decodeStage.origin(of: record) {
            // A decoded record: its input record's place, the decoded value's coding path.
            let source = origin.batch
            let sourceIndex = source.roots.firstIndex(of: Int32(origin.root)) ?? 0
            let inRecord = batch.codingPath(ofNode: node, inRecord: index).dropFirst(batch.codingPath(ofNode: record.root, inRecord: index).count)
            return .invalidValue(
                input: source.sourceName ?? file.displayName, message: failure.message,
                codingPath: source.codingPath(ofNode: origin.root, inRecord: sourceIndex) + inRecord,
                location: source.location(ofNode: origin.root), excerpt: source.excerpt(ofNode: origin.root))
        }
        return .invalidValue(
            input: batch.sourceName ?? file.displayName, message: failure.message,
            codingPath: batch.codingPath(ofNode: node, inRecord: index),
            location: batch.location(ofNode: node), excerpt: batch.excerpt(ofNode: node))
    }
}
