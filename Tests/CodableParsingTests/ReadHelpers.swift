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
        case .malformed(let reason, let location, _), .skippedRecord(let reason, let location, _):
            return (reason.description, location.description)
        case .unreadable(let underlying): return ("unreadable: \(underlying)", "")
        case .invalidEnvelope(let message, let codingPath, let location, _):
            return ("\(message) at \(codingPath)", location.description)
        }
    }
}

/// Everything `reader` gives until it stops: each record written back compactly with its
/// index (`3: {"id":4}`), each error with its place (`skipped 3:10` or `stopped 3:10`).
func readThrough(_ reader: some RecordBatchReader) -> [String] {
    var writer = JSONWriter(options: JSONWriterOptions())
    var seen: [String] = []
    while true {
        do throws(RecordReadError) {
            guard let batch = try reader.nextBatch() else { return seen }
            for index in 0..<batch.count {
                let out = OutputBuffer()
                writer.write(batch[index], to: out)
                seen.append("\(batch.firstRecordIndex + index): \(out.text)")
            }
        } catch {
            switch error {
            case .skippedRecord(_, let location, _): seen.append("skipped \(location)")
            case .malformed(_, let location, _):
                seen.append("stopped \(location)")
                return seen
            default:
                seen.append("stopped: \(error)")
                return seen
            }
        }
    }
}
