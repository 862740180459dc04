import CodableParsing
import Testing

@testable import CodablePipeline

/// JSON Lines scanned in chunks on several threads give what one reader gives: the same
/// records in the same order, numbered the same, and errors at the same places. (The
/// lifecycle rules, for both, are in `RecordStreamTests`.)
@Suite struct ParallelLinesScanTests {
    /// Lines of different lengths (some blank, some with CRLF, one with a non-ASCII title), so
    /// chunk cuts fall everywhere.
    static let input: String = (0..<500).map { index in
        switch index % 7 {
        case 3: return "\n"
        case 5: return "{\"id\":\(index),\"title\":\"Straße \(String(repeating: "x", count: index % 40))\"}\r\n"
        default: return "  {\"id\":\(index),\"tags\":[\(index % 3),\"t\"],\"nested\":{\"a\":null}}\n"
        }
    }.joined()

    /// Each record's text (as written back) and its `$[N]` coding path.
    static func records(_ stream: RecordStream) async throws -> [String] {
        var records: [String] = []
        for try await batch in stream {
            for index in 0..<batch.count {
                let path = batch.codingPath(ofNode: batch[index].root, inRecord: index)
                let location = batch.location(ofNode: batch[index].root)
                let out = OutputBuffer()
                var writer = JSONWriter()
                writer.write(batch[index], to: out)
                records.append("\(path) \(location) \(out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })")
            }
        }
        return records
    }

    @Test(arguments: [16, 100, 1000, 1 << 20], [1, 2, 3])
    func chunksGiveTheRecordsOneReaderGives(chunkSize: Int, workers: Int) async throws {
        let options = RecordReaderOptions(framing: .jsonl, chunkSize: chunkSize)
        let expected = try await Self.records(RecordStream(source: InMemoryByteSource(Self.input), options: options))
        let parallel = try await Self.records(
            RecordStream(linesFrom: InMemoryByteSource(Self.input, pieceSize: 333), options: options, workers: workers))
        #expect(expected.count == 500 - 500 / 7 - (500 % 7 > 3 ? 1 : 0))
        #expect(parallel == expected)
    }

    @Test(arguments: [16, 64, 4096])
    func anErrorComesAfterTheRecordsBeforeItAtTheSamePlace(chunkSize: Int) async throws {
        let input = Self.input + "{\"id\": 1, oops}\n" + Self.input
        let options = RecordReaderOptions(framing: .jsonl, chunkSize: chunkSize)
        func outcome(_ stream: RecordStream) async -> (records: Int, error: String) {
            var records = 0
            do {
                for try await batch in stream { records += batch.count }
                return (records, "none")
            } catch {
                guard case .malformed(_, let location, let excerpt) = error else { return (records, "\(error)") }
                return (records, "\(location) \(excerpt.text)")
            }
        }
        let sequential = await outcome(RecordStream(source: InMemoryByteSource(input), options: options))
        let parallel = await outcome(RecordStream(linesFrom: InMemoryByteSource(input), options: options, workers: 2))
        #expect(sequential.error.hasPrefix("501:11 "))
        #expect(parallel.records == sequential.records)
        #expect(parallel.error == sequential.error)
    }

    /// Everything a stream gives, reading on past each `skippedRecord`: records with their
    /// coding path and place, skipped records with theirs.
    static func readThrough(_ stream: RecordStream) async -> [String] {
        var seen: [String] = []
        var iterator = stream.makeAsyncIterator()
        while true {
            do {
                guard let batch = try await iterator.next() else { return seen }
                for index in 0..<batch.count {
                    let path = batch.codingPath(ofNode: batch[index].root, inRecord: index)
                    seen.append("\(path) \(batch.location(ofNode: batch[index].root))")
                }
            } catch {
                guard case .skippedRecord(_, let location, _) = error else {
                    seen.append("stopped: \(error)")
                    return seen
                }
                seen.append("skipped \(location)")
            }
        }
    }

    @Test(arguments: [16, 64, 4096], [1, 2, 3])
    func skippedLinesComeInTheirPlaceAsOneReaderGivesThem(chunkSize: Int, workers: Int) async {
        let bad = "{\"id\": 1, oops}\n"
        let input = bad + Self.input + bad + bad + Self.input + "{\"id\": 2,"
        var options = RecordReaderOptions(framing: .jsonl, chunkSize: chunkSize)
        options.resumesAfterMalformedRecords = true
        let sequential = await Self.readThrough(RecordStream(source: InMemoryByteSource(input), options: options))
        let parallel = await Self.readThrough(
            RecordStream(linesFrom: InMemoryByteSource(input, pieceSize: 333), options: options, workers: workers))
        #expect(sequential.filter { $0.hasPrefix("skipped") }.count == 4)
        #expect(sequential.first == "skipped 1:11")
        #expect(sequential[1].hasPrefix("$[1] 2:"))  // a skipped record counts as one
        #expect(sequential.last?.hasPrefix("skipped 1004:") == true)
        #expect(parallel == sequential)
    }

    @Test func aByteOrderMarkAndALastLineWithoutABreakAreRead() async throws {
        let input = "\u{FEFF}{\"a\":1}\n{\"a\":2}"
        let records = try await Self.records(
            RecordStream(
                linesFrom: InMemoryByteSource(input), options: RecordReaderOptions(framing: .jsonl, chunkSize: 16),
                workers: 2))
        // The mark is not a column: the first record starts at 1:1, as an editor shows it.
        #expect(records == ["$[0] 1:1 {\"a\":1}", "$[1] 2:1 {\"a\":2}"])
    }
}
