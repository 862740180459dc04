import CodableDecoding
import CodableModels
import CodableParsing
import CodablePipeline

/// Reads every input's records in order, decodes each into the model and writes it re-encoded:
/// the loop behind `decode`. Batches stream through, so memory stays flat on any input size.
struct RecordDecodeRunner {
    let input: InputOptions
    let output: OutputOptions
    let dates: DateOptions
    let models: ModelSet
    let root: TypeReference
    let options: DecodingOptions
    let skipBadRecords: Bool

    func run() async throws(CommandFailure) {
        let inputs = input.inputs
        let framing = output.to.framing
        var options = self.options
        if framing == .jsonl { options.writer.pretty = false }
        let decoder = try makeDecoder(root, options)
        // `[T]`: the elements of a top-level array are decoded as T, into one array per text.
        var elementDecoder: RecordDecoder?
        if case .array(let element) = root { elementDecoder = try makeDecoder(element, options) }
        let singleValueAllowed = inputs.count == 1 && (input.framing(for: inputs[0]) ?? .json) == .json
        let writer = DecodingRecordWriter(
            framing: framing, decoder: decoder, singleValueAllowed: singleValueAllowed, output: Self.overflowingOutput()
        )
        let target = try output.openTarget()
        // JSON Lines and JSON text sequences out: batches are decoded on every core.
        let parallel =
            elementDecoder == nil && (framing == .jsonl || framing == .jsonSeq) && InputOptions.scanningThreads > 1
            ? try RecordWriterLane(
                workers: InputOptions.scanningThreads,
                goesOnAfter: { [skip = skipBadRecords] error in
                    if skip, case .data = error { true } else { false }
                },
                makeWriter: { () throws(CommandFailure) in
                    DecodingRecordWriter(
                        framing: framing, decoder: try makeDecoder(root, options), singleValueAllowed: false,
                        output: Self.overflowingOutput())
                }
            )
            : nil
        var skipped = 0
        let committed = try await target.produce {
            for file in inputs {
                if let parallel {
                    try await decode(file, with: parallel, to: target, skipped: &skipped)
                    continue
                }
                let batches = ReadAhead(try input.records(from: file))
                defer { batches.cancel() }
                var arrayOpen = false
                var sawValue = false
                do {
                    while let batch = try await batches.next() {
                        var locations = BatchLocationCursor(batch)  // failures come in input order
                        for index in 0..<batch.count {
                            do throws(RecordDecodingError) {
                                if let elementDecoder {
                                    if batch.fromTopLevelArray {
                                        if !arrayOpen {
                                            writer.beginArray()
                                            arrayOpen = true
                                        }
                                        try writer.writeArrayElement(batch[index], with: elementDecoder)
                                    } else {
                                        sawValue = true
                                        try writer.writeValue(batch[index])
                                    }
                                } else {
                                    try writer.write(batch[index])
                                }
                            } catch {
                                try skipOrThrow(
                                    error, at: &locations, index: index, file: file, after: writer.output, to: target,
                                    skipped: &skipped)
                            }
                        }
                        try target.write(writer.output)
                    }
                } catch {
                    guard let failure = CommandFailure.reading(error, in: file) else { throw error }
                    try? target.write(writer.output)  // what was decoded before the error still goes out
                    target.endPartialLine()
                    throw failure
                }
                if arrayOpen {
                    writer.endArray()
                } else if elementDecoder != nil && !sawValue && (input.framing(for: file) ?? .json) == .json {
                    writer.beginArray()  // `[]`: a top-level array without elements
                    writer.endArray()
                }
            }
            if elementDecoder == nil { writer.finish() }
            try target.write(writer.output)
        }
        guard committed else { return }  // the reader went away: quietly done
        if skipped > 0 { throw .recordsSkipped(skipped) }
    }

    /// One input through `parallel`: outputs written in input order, and each record that did
    /// not decode reported (or thrown, after the records before it) where the sequential loop
    /// reports it.
    private func decode(
        _ file: InputFile, with parallel: RecordWriterLane<DecodingRecordWriter>, to target: OutputTarget,
        skipped: inout Int
    ) async throws {
        try await parallel.writeAll(try input.records(from: file), from: file, to: target) { decoded in
            var locations = BatchLocationCursor(decoded.batch)
            for (index, error) in decoded.failures {
                try skipOrThrow(
                    error, at: &locations, index: index, file: file, after: decoded.output, to: target,
                    skipped: &skipped)
            }
            try target.write(decoded.output)
        }
    }

    /// A record that did not decode: with `--on-error skip`, a data problem is reported and
    /// counted; anything else is thrown, after `written` (the records before it) goes out.
    private func skipOrThrow(
        _ error: RecordDecodingError, at locations: inout BatchLocationCursor, index: Int, file: InputFile,
        after written: OutputBuffer, to target: OutputTarget, skipped: inout Int
    ) throws(CommandFailure) {
        let failure = Self.failure(error, at: &locations, index: index, file: file)
        guard skipBadRecords, case .invalidValue = failure else {
            try? target.write(written)
            target.endPartialLine()
            throw failure
        }
        Diagnostics().report(failure)
        skipped += 1
    }

    /// An output whose huge records wait in a temporary file in `$TMPDIR` until they have
    /// decoded (`OutputOverflow`), not in memory.
    static func overflowingOutput() -> OutputBuffer {
        let output = OutputBuffer()
        output.overflow(into: OutputOverflow(directory: TemporaryFiles.directory.string))
        return output
    }

    private func makeDecoder(_ root: TypeReference, _ options: DecodingOptions) throws(CommandFailure) -> RecordDecoder
    {
        try Self.makeDecoder(models: models, root: root, options: options)
    }

    /// A decoder for `root`; a model problem is a usage-class failure (status 2).
    static func makeDecoder(models: ModelSet, root: TypeReference, options: DecodingOptions) throws(CommandFailure)
        -> RecordDecoder
    {
        do { return try RecordDecoder(models: models, root: root, options: options) } catch {
            throw .invalidModel(place: error.origin?.description, message: error.message)
        }
    }

    /// The failure to report for record `index` of the batch `locations` locates in, which did
    /// not decode (located on from the batch's failure before it).
    static func failure(
        _ error: RecordDecodingError, at locations: inout BatchLocationCursor, index: Int, file: InputFile
    ) -> CommandFailure {
        let batch = locations.batch
        switch error {
        case .model(let problem):
            return .invalidModel(place: problem.origin?.description, message: problem.message)
        case .data(let failure):
            let prefix = batch.codingPath(ofNode: Int(batch.roots[index]), inRecord: index)
            return .invalidValue(
                input: batch.sourceName ?? file.displayName, message: failure.message,
                codingPath: failure.codingPath(after: prefix),
                location: locations.location(ofNode: failure.node), excerpt: batch.excerpt(ofNode: failure.node))
        }
    }
}
