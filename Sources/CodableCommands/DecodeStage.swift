import CodableDates
import CodableDecoding
import CodableModels
import CodableParsing

/// The first step of `decode`'s pipeline: each input batch's records are decoded into the
/// model and re-encoded (compact), and the re-encoded records are read back as one batch for
/// the transform chain. So the transforms see the model's output: `--select` and `--sort-by`
/// name its properties, `--where` compares decoded values (dates as `--output-dates` wrote them),
/// unknown keys are already gone.
final class DecodeStage {
    private let decoder: RecordDecoder
    /// How the decoded records' dates are written (`--output-dates`): `--where` reads them so.
    let outputDates: DateCodec
    private let output = OutputBuffer()
    /// The input record each record of the last decoded batch came from.
    private var origins: [Record] = []

    /// Compiles the model for `root` (a `[T]` root is a usage error: the pipeline works on records).
    init(models: ModelSet, root: TypeReference, options: DecodingOptions) throws(CommandFailure) {
        if case .array = root {
            throw .usage("--type '[T]' decodes each input as one array; transforms, output pages and --to yaml work on records: use --type T")
        }
        var options = options
        options.writer.pretty = false
        outputDates = options.outputDates
        decoder = try RecordDecodeRunner.makeDecoder(models: models, root: root, options: options)
    }

    /// Decodes the records of `batch`: the decoded ones come back as one batch (nil when none
    /// decoded). A record that does not decode goes to `onFailure` (throw to stop); a problem in
    /// the model always stops.
    func decode(_ batch: RecordBatch, file: InputFile, onFailure: (CommandFailure) throws -> Void) throws -> RecordBatch? {
        output.removeAll()
        origins.removeAll(keepingCapacity: true)
        var locations = BatchLocationCursor(batch)  // failures come in input order
        for index in 0..<batch.count {
            do throws(RecordDecodingError) {
                try decoder.decode(batch[index], to: output)
                output.append(0x0A)
                origins.append(batch[index])
            } catch {
                let failure = RecordDecodeRunner.failure(error, at: &locations, index: index, file: file)
                guard case .invalidValue = failure else { throw failure }
                try onFailure(failure)
            }
        }
        guard !origins.isEmpty else { return nil }
        // The decoded text becomes the batch's bytes as it is, scanned as one chunk of JSON
        // Lines: copied out, then read into a chunk, it took a huge record 4.9 times its size
        // into YAML. The output goes on over new room (at most a few batches' worth).
        let chunk = JSONLinesChunk(bytes: output.takeBytes(keepingCapacity: Self.keptOutputBytes))
        let (decoded, error) = chunk.scan(options: RecordReaderOptions(framing: .jsonl, maxDepth: 100_000))
        guard error == nil, let decoded, decoded.count == origins.count else {
            throw CommandFailure.usage("internal error: decoded records did not read back\(error.map { ": \($0)" } ?? "")")
        }
        return decoded
    }

    /// The most decoded bytes whose room is kept from one batch to the next (a batch reads about
    /// 1 MiB of input).
    static let keptOutputBytes = 4 << 20

    /// The input record that `record` (of the last decoded batch) was decoded from.
    func origin(of record: Record) -> Record? {
        guard let index = record.batch.roots.firstIndex(of: Int32(record.root)), index < origins.count else { return nil }
        return origins[index]
    }
}
