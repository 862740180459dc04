import CodableParsing
import CodablePipeline

extension RunPlan {
    /// `convert` without transforms: records copied into the output format, flattened or
    /// nested as asked, their dates re-encoded. Records are reshaped as they are written when
    /// no date is re-encoded; dates re-encoded into JSON Lines or JSON text sequences are
    /// written a batch per core (not with `--explain-dates`, whose notes come in input order
    /// from one rewriter, nor with reshaping).
    static func copying(input: InputOptions, output: OutputOptions, dates: DateOptions, flattening: FlattenOptions)
        throws(CommandFailure) -> RunPlan
    {
        let inputs = input.inputs.map { RunInput(file: $0) }
        let target = try output.openTarget()
        let rewriter = try dates.makeRewriter()
        let formatter = output.makeWriter(singleValueAllowed: input.mayReadALoneValue)
        let sink = RecordSink(target: target, formatter: formatter)
        var writing = Writing.asRead(sink)
        var readsAhead = false
        if let rewriter {
            let parallel =
                !dates.explainDates && !flattening.isActive && (output.to == .jsonl || output.to == .jsonSeq)
                && InputOptions.scanningThreads > 1
            let (framing, options) = (output.to.framing, output.writerOptions)
            let explain: (@Sendable (DateRewriter.Explanation) -> String)? =
                if dates.explainDates { { explanation in explanation.note } } else { nil }
            let lane = try RecordWriterLane(
                workers: parallel ? InputOptions.scanningThreads : 1, goesOnAfter: { _ in false },
                makeWriter: {
                    guard parallel else {
                        return DateRewritingWriter(writer: formatter, rewriter: rewriter, explain: explain)
                    }
                    return DateRewritingWriter(
                        writer: RecordWriter(framing: framing, options: options, singleValueAllowed: false),
                        rewriter: rewriter.copy())
                })
            writing = .lane(lane, into: sink)
            readsAhead = parallel
        }
        var plan = RunPlan(
            input: input, inputs: inputs, readsAhead: readsAhead, writing: writing)
        if flattening.isActive {
            plan.reshaping = Reshaping(
                options: flattening,
                asWritten: rewriter != nil
                    ? nil
                    : Reshaping.AsWritten(
                        format: output.to, sortsKeys: output.sortKeys, chosenColumns: output.chosenColumns))
        }
        return plan
    }
}
