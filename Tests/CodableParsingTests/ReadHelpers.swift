@testable import CodableParsing

/// Reads every record of `text` and writes each back compactly.
func readRecords(
    _ text: String, framing: InputFraming? = nil, maxDepth: Int = 512,
    chunkSize: Int = 1 << 20, pieceSize: Int = .max
) throws(RecordReadError) -> [String] {
    try readRecords(Array(text.utf8), framing: framing, maxDepth: maxDepth, chunkSize: chunkSize, pieceSize: pieceSize)
}

/// Reads every record of `bytes` and writes each back compactly.
func readRecords(
    _ bytes: [UInt8], framing: InputFraming? = nil, maxDepth: Int = 512,
    chunkSize: Int = 1 << 20, pieceSize: Int = .max, options: JSONWriterOptions = JSONWriterOptions()
) throws(RecordReadError) -> [String] {
    let reader = RecordReader(
        source: InMemoryByteSource(bytes, pieceSize: pieceSize),
        options: RecordReaderOptions(framing: framing, maxDepth: maxDepth, chunkSize: chunkSize))
    var records: [String] = []
    try appendRecords(of: reader, to: &records, options: options)
    return records
}

/// Appends every record `reader` gives, written back compactly, to `records` (the records
/// before an error stay there when it throws).
func appendRecords(
    of reader: some RecordBatchReader, to records: inout [String], options: JSONWriterOptions = JSONWriterOptions()
) throws(RecordReadError) {
    var writer = JSONWriter(options: options)
    while let batch = try reader.nextBatch() {
        for index in 0..<batch.count {
            let out = OutputBuffer()
            writer.write(batch[index], to: out)
            records.append(out.text)
        }
    }
}

/// The error reading `text` gives: its message and `LINE:COL`.
func readError(
    _ text: String, framing: InputFraming? = nil, maxDepth: Int = 512, chunkSize: Int = 1 << 20, pieceSize: Int = .max
) -> (message: String, place: String)? {
    readError(Array(text.utf8), framing: framing, maxDepth: maxDepth, chunkSize: chunkSize, pieceSize: pieceSize)
}

/// The error reading `bytes` gives: its message and `LINE:COL`.
func readError(
    _ bytes: [UInt8], framing: InputFraming? = nil, maxDepth: Int = 512, chunkSize: Int = 1 << 20, pieceSize: Int = .max
) -> (message: String, place: String)? {
    do {
        _ = try readRecords(bytes, framing: framing, maxDepth: maxDepth, chunkSize: chunkSize, pieceSize: pieceSize)
        return nil
    } catch {
        switch error {
        case .malformed(let reason, let location, _): return (reason.description, location.description)
        case .unreadable(let underlying): return ("unreadable: \(underlying)", "")
        case .invalidEnvelope(let message, let codingPath, let location, _):
            return ("\(message) at \(codingPath)", location.description)
        }
    }
}
