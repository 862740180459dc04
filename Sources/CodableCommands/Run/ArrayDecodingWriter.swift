import CodableDecoding
import CodableParsing
import CodablePipeline

/// `decode --type '[T]'`: each input text decodes as one array and is written as one. The
/// elements of a top-level array are decoded as T as they stream in; a value that is not an
/// element of one is decoded as the whole `[T]`.
final class ArrayDecodingWriter: ReportingBatchWriter {
    private let writer: DecodingRecordWriter
    private let elementDecoder: RecordDecoder
    /// The current input's array is open (its first element was written).
    private var arrayOpen = false
    /// The current input held a value that is not an element of a top-level array.
    private var sawValue = false

    /// Writes with `writer`, decoding the elements of top-level arrays with `elementDecoder`.
    init(writer: DecodingRecordWriter, elementDecoder: RecordDecoder) {
        self.writer = writer
        self.elementDecoder = elementDecoder
    }

    var output: OutputBuffer { writer.output }

    func write(_ record: Record) throws(RecordDecodingError) {
        guard record.batch.fromTopLevelArray else {
            sawValue = true
            return try writer.writeValue(record)
        }
        if !arrayOpen {
            writer.beginArray()
            arrayOpen = true
        }
        try writer.writeArrayElement(record, with: elementDecoder)
    }

    /// Closes the input's array; a JSON input without elements or values is `[]`.
    func endInput(readAsJSON: Bool) {
        if arrayOpen {
            writer.endArray()
        } else if !sawValue && readAsJSON {
            writer.beginArray()
            writer.endArray()
        }
        arrayOpen = false
        sawValue = false
    }

    static func failure(
        _ error: RecordDecodingError, inRecord index: Int, at locations: inout BatchLocationCursor, file: InputFile
    ) -> CommandFailure {
        error.failure(inRecord: index, at: &locations, file: file)
    }
}
