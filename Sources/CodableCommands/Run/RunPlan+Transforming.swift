import CodableParsing
import CodablePipeline

extension RunPlan {
    /// A run through the transform chain (`--where`, `--select`, `--sort-by`, pages,
    /// `--envelope`, `--split`…): `convert` with transforms, key case or `--on-error skip`
    /// (`flattening` and `keys` are its own), and `decode` with transforms or into a format
    /// without a decoding writer (`decoding`: the chain works on the decoded records).
    static func transforming(
        input: InputOptions, output: OutputOptions, dates: DateOptions, transforms: TransformOptions,
        pages: OutputPageOptions, flattening: FlattenOptions? = nil, keys: KeyCase.Style? = nil,
        decoding: DecodeStage? = nil
    ) throws(CommandFailure) -> RunPlan {
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
            if let decoding { WhereDates(fallback: decoding.outputDates) } else { try dates.whereDates() }
        var transformPlan = try transforms.plan(whereDates: whereDates)
        transformPlan.keys = keys
        transformPlan.window = pages.window
        let rewriter = decoding == nil ? try dates.makeRewriter() : nil
        let inputs = input.inputs.map { RunInput(file: $0) }
        let target = try output.openTarget()
        let chain = TransformChain(plan: transformPlan, spill: TemporarySpill())
        let progress = ProgressLine(requested: transforms.progress)
        let envelope =
            pages.envelope && pages.split == nil
            ? EnvelopeWriter(
                framing: output.to.framing, options: output.writerOptions,
                page: pages.page ?? (pages.limit.map { l in l == 0 ? 1 : (pages.offset ?? 0) / l + 1 } ?? 1),
                pageSize: pages.page != nil ? (pages.pageSize ?? 50) : pages.limit)
            : nil
        let singleValueAllowed = input.mayReadALoneValue && !transforms.isActive && keys == nil && !pages.isActive
        let formatter: any RecordFormatter = envelope ?? output.makeWriter(singleValueAllowed: singleValueAllowed)
        // Problems found after decoding are reported at the input records the records came from.
        let places = ProblemPlaces(decodeStage: decoding)
        let splitter = try pages.split.map { size throws(CommandFailure) in
            try PageSplitter(
                directory: pages.outputDir ?? ".", pageSize: size, output: output, envelope: pages.envelope,
                places: places)
        }
        var plan = RunPlan(
            input: input, inputs: inputs, decoding: decoding,
            writing: .chain(
                chain, dates: rewriter,
                into: RecordSink(
                    target: target, formatter: formatter, envelope: envelope, splitter: splitter, places: places)),
            skipsFailures: transforms.onError == .skip, progress: progress)
        if let flattening, flattening.isActive {
            plan.reshaping = Reshaping(options: flattening, asWritten: nil)
        }
        return plan
    }
}
