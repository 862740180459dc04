import CodableDecoding
import CodableModels
import CodableParsing
import CodablePipeline

extension RecordDecodingError {
    /// The failure to report for record `index` of the batch `locations` locates in, which did
    /// not decode (located on from the batch's failure before it).
    func failure(inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile) -> CommandFailure {
        let batch = locations.batch
        switch self {
        case .model(let problem):
            return .invalidModel(place: problem.origin?.description, message: problem.printedMessage)
        case .data(let failure):
            let prefix = batch.codingPath(ofNode: Int(batch.roots[index]), inRecord: index)
            return .invalidValue(
                input: batch.sourceName ?? file.displayName, message: failure.message,
                codingPath: failure.codingPath(after: prefix),
                location: locations.location(ofNode: failure.node), excerpt: batch.excerpt(ofNode: failure.node))
        }
    }
}

extension RecordDecoder {
    /// A decoder for `root`; a model problem is a usage-class failure (status 2).
    static func compiling(models: ModelSet, root: TypeReference, options: DecodingOptions) throws(CommandFailure)
        -> RecordDecoder
    {
        do { return try RecordDecoder(models: models, root: root, options: options) } catch {
            throw .invalidModel(place: error.origin?.description, message: error.printedMessage)
        }
    }
}

extension OutputBuffer {
    /// An output whose huge records wait in a temporary file in `$TMPDIR` until they have
    /// decoded (`OutputOverflow`), not in memory.
    static func overflowing() -> OutputBuffer {
        let output = OutputBuffer()
        output.overflow(into: OutputOverflow(directory: TemporaryFiles.directory.string))
        return output
    }
}

extension DecodingRecordWriter: ReportingBatchWriter {
    static func failure(
        _ error: RecordDecodingError, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure {
        error.failure(inRecord: index, at: &locations, file: file)
    }
}
