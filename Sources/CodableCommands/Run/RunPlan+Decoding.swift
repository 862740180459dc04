import CodableDecoding
import CodableModels
import CodableParsing

extension RunPlan {
    /// `decode` into JSON without transforms: each record decoded into the model and written
    /// re-encoded as it is decoded (`DecodingRecordWriter`), into JSON Lines or JSON text
    /// sequences a batch per core. With `--type '[T]'` each input text is one array.
    static func decoding(
        input: InputOptions, output: OutputOptions, models: ModelSet, root: TypeReference, options: DecodingOptions,
        skipsFailures: Bool
    ) throws(CommandFailure) -> RunPlan {
        let inputs = input.inputs.map { RunInput(file: $0) }
        let framing = output.to.framing
        var options = options
        if framing == .jsonl { options.writer.pretty = false }
        let decoder = try RecordDecoder.compiling(models: models, root: root, options: options)
        // `[T]`: the elements of a top-level array are decoded as T, into one array per text.
        var elementDecoder: RecordDecoder?
        if case .array(let element) = root {
            elementDecoder = try RecordDecoder.compiling(models: models, root: element, options: options)
        }
        let singleValueAllowed = inputs.count == 1 && (input.framing(for: inputs[0].file) ?? .json) == .json
        let writer = DecodingRecordWriter(
            framing: framing, decoder: decoder, singleValueAllowed: singleValueAllowed, output: .overflowing())
        let target = try output.openTarget()
        let goesOnAfter: @Sendable (RecordDecodingError) -> Bool = { error in
            if skipsFailures, case .data = error { true } else { false }
        }
        let lane: any BatchLane<WrittenBatch>
        if let elementDecoder {
            lane = try RecordWriterLane(workers: 1, goesOnAfter: goesOnAfter) {
                ArrayDecodingWriter(writer: writer, elementDecoder: elementDecoder)
            }
        } else {
            let parallel = (framing == .jsonl || framing == .jsonSeq) && InputOptions.scanningThreads > 1
            lane = try RecordWriterLane(
                workers: parallel ? InputOptions.scanningThreads : 1, goesOnAfter: goesOnAfter
            ) { () throws(CommandFailure) in
                guard parallel else { return writer }
                return DecodingRecordWriter(
                    framing: framing,
                    decoder: try RecordDecoder.compiling(models: models, root: root, options: options),
                    singleValueAllowed: false, output: .overflowing())
            }
        }
        // The decoding writer takes back a record that fails: its output does not spill.
        let sink = RecordSink(target: target, output: writer.output) {
            if elementDecoder == nil { writer.finish() }
        }
        return RunPlan(
            input: input, inputs: inputs, readsAhead: true, writing: .lane(lane, into: sink),
            skipsFailures: skipsFailures)
    }
}
