import Testing

@testable import CodableParsing

/// A record's nodes point into its batch's bytes with 32-bit offsets, so no buffer may grow past
/// `maxRecordBytes` (4 GiB - 1 by default; a small limit here): past it, a record is an error at
/// its start, after the records before it, instead of offsets that wrap around.
@Suite struct RecordSizeLimitTests {
    private static let limit = 64

    /// Every record of `text`, read with the small limit, `piece` bytes per read.
    private static func read(_ text: String, framing: InputFraming, piece: Int) -> (
        records: [String], error: (message: String, place: String)?
    ) {
        let reader = RecordReader(
            source: InMemoryByteSource(Array(text.utf8), pieceSize: piece),
            options: RecordReaderOptions(framing: framing, chunkSize: 16, maxRecordBytes: limit))
        var records: [String] = []
        do {
            try appendRecords(of: reader, to: &records)
            return (records, nil)
        } catch {
            guard case .malformed(let reason, let location, _) = error else { return (records, ("\(error)", "")) }
            return (records, (reason.description, location.description))
        }
    }

    private static func record(_ bytes: Int) -> String {
        "{\"s\":\"" + String(repeating: "x", count: bytes - 8) + "\"}"
    }

    @Test(arguments: [InputFraming.jsonl, .jsonStream, .json])
    func recordsUnderTheLimitAreReadWhateverTheReadSize(framing: InputFraming) {
        let records = (0..<50).map { Self.record(20 + $0 % 40) }
        let text =
            framing == .json ? "[" + records.joined(separator: ",\n") + "]" : records.joined(separator: "\n") + "\n"
        for piece in [1, 5, 16, 63, 64, 1000] {
            let read = Self.read(text, framing: framing, piece: piece)
            #expect(read.error == nil, "\(framing) piece \(piece): \(String(describing: read.error))")
            #expect(read.records == records, "\(framing) piece \(piece)")
        }
    }

    @Test(arguments: [InputFraming.jsonl, .jsonStream, .json])
    func aRecordPastTheLimitIsAnErrorAtItsStartAfterTheRecordsBeforeIt(framing: InputFraming) {
        let before = [Self.record(30), Self.record(40)]
        let records = before + [Self.record(200), Self.record(30)]
        let text =
            framing == .json ? "[" + records.joined(separator: ",\n") + "]" : records.joined(separator: "\n") + "\n"
        for piece in [1, 7, 64, 1000] {
            let read = Self.read(text, framing: framing, piece: piece)
            #expect(read.records == before, "\(framing) piece \(piece)")
            #expect(
                read.error?.message
                    == "record longer than 64 bytes, the most one record can hold",
                "\(framing) piece \(piece)")
            #expect(read.error?.place == "3:1", "\(framing) piece \(piece)")
        }
    }

    @Test func theLinesChunkerStopsAtALineLongerThanTheLimit() throws {
        let text = Self.record(30) + "\n" + Self.record(40) + "\n" + Self.record(200) + "\n"
        let chunker = JSONLinesChunker(
            source: InMemoryByteSource(Array(text.utf8), pieceSize: 10), chunkSize: 16, maxRecordBytes: Self.limit)
        var lines = 0
        do {
            while let chunk = try chunker.nextChunk() {
                lines += chunk.bytes.withUnsafeBufferPointer { $0.filter { $0 == 0x0A }.count }
            }
            Issue.record("no error for a line longer than the limit")
        } catch {
            guard case .malformed(let reason, let location, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason == .recordTooLarge(limit: Self.limit))
            #expect(location.description == "3:1")
        }
        #expect(lines == 2)
        #expect(try chunker.nextChunk() == nil)
    }
}
