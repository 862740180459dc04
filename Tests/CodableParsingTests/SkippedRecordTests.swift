import Testing

@testable import CodableParsing

/// `resumesAfterMalformedRecords`: a malformed JSON Lines line, json-seq record or CSV row is
/// thrown as a `skippedRecord` in its place, counts as a record, and reading goes on; where no
/// place to go on from is known, the reader stops as without it.
@Suite struct SkippedRecordTests {
    static let lines = "{\"id\":1}\n{\"id\":2}\n{\"id\":3, oops}\n{\"id\":4}\n\n{\"id\":5,\n{\"id\":6}"

    private func jsonReader(_ text: String, _ framing: InputFraming?, chunkSize: Int, pieceSize: Int = .max)
        -> RecordReader<InMemoryByteSource>
    {
        var options = RecordReaderOptions(framing: framing, chunkSize: chunkSize)
        options.resumesAfterMalformedRecords = true
        return RecordReader(source: InMemoryByteSource(Array(text.utf8), pieceSize: pieceSize), options: options)
    }

    /// Whatever the buffer size, and however the input arrives.
    @Test(arguments: [16, 24, 64, 1 << 20], [7, .max])
    func badLinesAreSkippedInTheirPlace(chunkSize: Int, pieceSize: Int) {
        #expect(
            readThrough(jsonReader(Self.lines, .jsonl, chunkSize: chunkSize, pieceSize: pieceSize)) == [
                #"0: {"id":1}"#, #"1: {"id":2}"#, "skipped 3:10", #"3: {"id":4}"#, "skipped 6:9", #"5: {"id":6}"#,
            ])
    }

    /// A bad line whose scanned part was already folded into blocks leaves nothing behind.
    @Test func aFoldedBadLineLeavesNoNodes() {
        let numbers = (0..<50).map(String.init).joined(separator: ",")
        let text = "[\(numbers), oops]\n[\(numbers)]\n"
        var options = RecordReaderOptions(framing: .jsonl, nodesBeforeFolding: 4)
        options.resumesAfterMalformedRecords = true
        let reader = RecordReader(source: InMemoryByteSource(Array(text.utf8)), options: options)
        #expect(readThrough(reader) == ["skipped 1:143", "1: [\(numbers)]"])
    }

    @Test func aLastLineWithoutItsLineBreakIsSkippedToo() {
        #expect(
            readThrough(jsonReader("{\"id\":1}\n{\"id\":", .jsonl, chunkSize: 1 << 20)) == [
                #"0: {"id":1}"#, "skipped 2:7",
            ])
    }

    @Test func withoutTheOptionTheFirstBadLineStops() {
        let reader = RecordReader(
            source: InMemoryByteSource(Array(Self.lines.utf8)), options: RecordReaderOptions(framing: .jsonl))
        #expect(readThrough(reader) == [#"0: {"id":1}"#, #"1: {"id":2}"#, "stopped 3:10"])
    }

    @Test(arguments: [16, 1 << 20])
    func badJSONSequenceRecordsAreSkippedAtTheNextSeparator(chunkSize: Int) {
        let text = "\u{1E}{\"id\":1}\n\u{1E}{\"id\":2,]\n\u{1E}{\"id\":3}\n\u{1E}[1 2]\n\u{1E}4\n"
        #expect(
            readThrough(jsonReader(text, .jsonSeq, chunkSize: chunkSize)) == [
                #"0: {"id":1}"#, "skipped 2:10", #"2: {"id":3}"#, "skipped 4:5", "4: 4",
            ])
    }

    /// Objects on lines whose framing was sniffed are a json-stream: no line is known to be a
    /// record, so it stops.
    @Test func sniffedFramingStillStops() {
        #expect(
            readThrough(jsonReader(Self.lines, nil, chunkSize: 1 << 20)) == [
                #"0: {"id":1}"#, #"1: {"id":2}"#, "stopped 3:10",
            ])
    }

    /// One JSON text has no place where a record surely begins after bad bytes: it stops.
    @Test func aTopLevelArrayStillStops() {
        #expect(
            readThrough(jsonReader(#"[{"id":1},{"id":2,,},{"id":3}]"#, .json, chunkSize: 1 << 20)) == [
                #"0: {"id":1}"#, "stopped 1:19",
            ])
    }

    @Test func jsonStreamsStillStop() {
        #expect(
            readThrough(jsonReader("{\"id\":1}\n{\"id\":2,,}\n{\"id\":3}", .jsonStream, chunkSize: 1 << 20)) == [
                #"0: {"id":1}"#, "stopped 2:9",
            ])
    }

    private func csvReader(_ text: String, chunkSize: Int = 1 << 20) -> CSVReader<InMemoryByteSource> {
        var options = CSVReaderOptions(chunkSize: chunkSize)
        options.resumesAfterMalformedRecords = true
        return CSVReader(source: InMemoryByteSource(Array(text.utf8)), options: options)
    }

    @Test(arguments: [16, 1 << 20])
    func csvRowsWithTheWrongFieldCountAreSkipped(chunkSize: Int) {
        #expect(
            readThrough(csvReader("id,name\n1,a\n2,b,c\n3,c\n4\n5,\"multi\nline\"\n", chunkSize: chunkSize)) == [
                #"0: {"id":1,"name":"a"}"#, "skipped 3:5", #"2: {"id":3,"name":"c"}"#, "skipped 5:2",
                #"4: {"id":5,"name":"multi\nline"}"#,
            ])
    }

    /// After a broken quote, where the next row begins is not known; nor is a bad header a row.
    @Test func csvQuoteAndHeaderProblemsStillStop() {
        #expect(readThrough(csvReader("id,name\n1,a\n2,\"b\"x\n3,c\n")) == [#"0: {"id":1,"name":"a"}"#, "stopped 3:6"])
        #expect(readThrough(csvReader("id,id\n1,a\n")) == ["stopped 1:4"])
    }
}
