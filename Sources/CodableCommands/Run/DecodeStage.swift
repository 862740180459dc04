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
    private let output = OutputBuffer.overflowing()
    /// Where the last decoded batch's records came from.
    private var origins = Origins.none
    /// The nodes of the last batch `decode` returned: records of other batches (a sort's, a
    /// transform's new tape) are not its records.
    private weak var decodedNodes: NodeBuffer?

    /// Where each record of the last decoded batch came from in the input.
    private enum Origins {
        /// No batch decoded yet.
        case none
        /// The input batch, kept until the next one, and the index in it of each decoded
        /// record's input record: located only when a problem is reported.
        case batch(RecordBatch, records: [Int32])
        /// The places of the input records, noted as the batch was decoded: a batch holding a
        /// huge record is let go before its decoded records go on (kept, the huge record would stay
        /// in memory beside its decoded copy until the next batch).
        case placed([InputRecordPlace])
    }

    /// Compiles the model for `root` (a `[T]` root is a usage error: the pipeline works on records).
    init(models: ModelSet, root: TypeReference, options: DecodingOptions) throws(CommandFailure) {
        if case .array = root {
            throw .usage(
                "--type '[T]' decodes each input as one array; transforms, output pages and --to yaml work on records: use --type T"
            )
        }
        var options = options
        options.writer.pretty = false
        outputDates = options.outputDates
        decoder = try RecordDecoder.compiling(models: models, root: root, options: options)
    }

    /// Decodes the records of `batch`: the decoded ones come back as one batch (nil when none
    /// decoded). A record that does not decode goes to `onFailure` (throw to stop); a problem in
    /// the model always stops. The input batch is kept for locating problems found later in
    /// its decoded records (`origin(of:in:)`), unless its records are big (`placesEagerly`).
    func decode(_ batch: consuming RecordBatch, file: InputFile, onFailure: (CommandFailure) throws -> Void) throws
        -> RecordBatch?
    {
        output.removeAll()
        origins = .none  // the last input batch goes
        decodedNodes = nil
        let decodedFrom = try decodeRecords(of: batch, file: file, onFailure: onFailure)
        guard !decodedFrom.isEmpty else { return nil }
        if Self.placesEagerly(batch) {
            origins = .placed(Self.places(of: decodedFrom, in: batch))
            _ = consume batch  // let go before its decoded records are read back
        } else {
            origins = .batch(batch, records: decodedFrom)
        }
        // The decoded text becomes the batch's bytes as it is, scanned as one chunk of JSON
        // Lines, not copied out and then read into a chunk: a huge record would be held twice
        // more. The output goes on over new room (at most a few batches' worth). A huge
        // record's bytes come back from their temporary file (`OutputOverflow`) only now.
        do { try output.takeOverflowBack() } catch { throw CommandFailure.unreadableRecordOverflow(error) }
        let chunk = JSONLinesChunk(bytes: output.takeBytes(keepingCapacity: Self.keptOutputBytes))
        let (decoded, error) = chunk.scan(options: RecordReaderOptions(framing: .jsonl, maxDepth: 100_000))
        guard error == nil, let decoded, decoded.count == decodedFrom.count else {
            throw CommandFailure.usage(
                "internal error: decoded records did not read back\(error.map { ": \($0)" } ?? "")")
        }
        decodedNodes = decoded.nodes
        return decoder.writesDistinctKeys ? decoded.sayingKeysAreDistinct() : decoded
    }

    /// Decodes every record of `batch` into `output`, one line each, and returns the index of
    /// each one that decoded.
    private func decodeRecords(
        of batch: borrowing RecordBatch, file: InputFile, onFailure: (CommandFailure) throws -> Void
    ) throws -> [Int32] {
        var decodedFrom: [Int32] = []
        decodedFrom.reserveCapacity(batch.count)
        var locations = BatchLocationCursor(copy batch)  // failures come in input order
        for index in 0..<batch.count {
            do throws(RecordDecodingError) {
                try decoder.decode(batch[index], to: output)
                output.append(0x0A)
                decodedFrom.append(Int32(index))
            } catch {
                let failure = error.failure(inRecord: index, at: &locations, file: file)
                guard case .invalidValue = failure else { throw failure }
                try onFailure(failure)
            }
        }
        return decodedFrom
    }

    /// The places of records `records` of `batch`, located in one pass.
    private static func places(of records: [Int32], in batch: RecordBatch) -> [InputRecordPlace] {
        let locations = batch.locations(ofNodes: records.map { Int(batch.roots[Int($0)]) })
        return records.indices.map { InputRecordPlace(ofRecord: Int(records[$0]), in: batch, at: locations[$0]) }
    }

    /// Whether the records of `batch` are placed as they are decoded and the batch let go, not
    /// kept until the next one: when it is bigger than `keptInputBytes` (a batch reads about
    /// 1 MiB of input), or its records take `eagerlyPlacedRecordBytes` each on average (few
    /// records, each cheap to place). Kept, a huge record's input would stay beside its output.
    private static func placesEagerly(_ batch: RecordBatch) -> Bool {
        batch.bytes.count > keptInputBytes || batch.bytes.count >= batch.count * eagerlyPlacedRecordBytes
    }

    /// An input batch bigger than this (a huge record's) is let go once decoded.
    static let keptInputBytes = 4 << 20

    /// Records this big on average are placed as they are decoded, and their batch let go.
    static let eagerlyPlacedRecordBytes = 64 << 10

    /// The most decoded bytes whose room is kept from one batch to the next (a batch reads about
    /// 1 MiB of input).
    static let keptOutputBytes = 4 << 20

    /// Where record `index` of `decoded` (the last batch `decode` returned) came from in the
    /// input; nil for a batch it did not return.
    func origin(of index: Int, in decoded: RecordBatch) -> InputRecordPlace? {
        guard let decodedNodes, decoded.nodes === decodedNodes else { return nil }
        switch origins {
        case .none:
            return nil
        case .placed(let places):
            return places.indices.contains(index) ? places[index] : nil
        case .batch(let source, let records):
            guard records.indices.contains(index) else { return nil }
            return InputRecordPlace(ofRecord: Int(records[index]), in: source)
        }
    }
}

/// Where an input record is: the input's name (nil: the input being read), the record's coding
/// path (`$[3]`), its location and its line.
struct InputRecordPlace {
    let input: String?
    let codingPath: String
    let location: SourceLocation
    let excerpt: SourceExcerpt

    /// The place of record `index` of `batch`; `location` when it was located already.
    init(ofRecord index: Int, in batch: RecordBatch, at location: SourceLocation? = nil) {
        let root = Int(batch.roots[index])
        input = batch.sourceName
        codingPath = batch.codingPath(ofNode: root, inRecord: index)
        self.location = location ?? batch.location(ofNode: root)
        excerpt = batch.excerpt(ofNode: root)
    }
}
