import CodableParsing
import Foundation
import Testing

@testable import CodablePipeline

/// CSV and TSV rows scanned in chunks on several threads give what one reader gives: the same
/// records in the same order, numbered and placed the same, and errors at the same places with
/// the same excerpts.
@Suite struct ParallelCSVScanTests {
    /// Rows whose quoted cells hold line feeds, CRLFs, lone CRs, delimiters and doubled quotes
    /// (a chunk edge falls next to each of them at some chunk size), a quote inside an unquoted
    /// cell near the end (which throws the pre-scan's count of quotes off), non-ASCII text,
    /// empty cells, and rows ended by LF, CRLF and lone CRs, with blank lines between some.
    static let rows: [String] = (0..<300).map { index in
        if index == 250 { return "\(index),x\"y,z" }
        switch index % 7 {
        case 0: return "\(index),\"line\nbreak, \"\"quoted\"\"\",-1.5e3"
        case 1: return "\(index),\"crlf\r\ninside\r\n\",true"
        case 2: return "\(index),Straße \(String(repeating: "é", count: index % 13)),"
        case 3: return "\(index),\"\",null"
        case 4: return "\(index),\"lone\rcr\",\"[1,2]\""
        case 5: return "\(index),\"\"\"\",\"\n\""
        default: return "\(index),plain,x"
        }
    }
    static let breaks = ["\n", "\r\n", "\n\n", "\r\n\r\n", "\r", "\n"]
    static let input = "id,text,value\n" + rows.enumerated().map { $1 + breaks[$0 % breaks.count] }.joined()

    static func parallel(
        _ input: String, chunkSize: Int, workers: Int = 2, pieceSize: Int = 333, options: CSVReaderOptions = .init()
    ) -> RecordStream {
        var options = options
        options.chunkSize = chunkSize
        return RecordStream(
            csvFrom: InMemoryByteSource(input, pieceSize: pieceSize), options: options, workers: workers)
    }

    static func inOrder(_ input: String, chunkSize: Int, options: CSVReaderOptions = .init()) -> RecordStream {
        var options = options
        options.chunkSize = chunkSize
        return RecordStream(makeReader: { CSVReader(source: InMemoryByteSource(input), options: options) })
    }

    /// Each record's coding path, place and text (written back), then how the stream ended:
    /// `end`, or the error with its place and excerpt.
    static func outcome(_ stream: RecordStream, nesting: Bool = false) async -> [String] {
        var seen: [String] = []
        do {
            for try await read in stream {
                // Batches the stream nested are not nested again.
                let batch = nesting && !read.isReshaped ? Self.nested(read) ?? read : read
                for index in 0..<batch.count {
                    let out = OutputBuffer()
                    var writer = JSONWriter()
                    writer.write(batch[index], to: out)
                    let text = out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                    let root = batch[index].root
                    let last = batch.nodes.count - 1
                    seen.append(
                        "\(batch.codingPath(ofNode: root, inRecord: index)) \(batch.location(ofNode: root)) "
                            + "\(batch.location(ofNode: index + 1 < batch.count ? Int(batch.roots[index + 1]) - 1 : last)) "
                            + text)
                }
            }
            seen.append("end")
        } catch {
            guard case .malformed(let reason, let location, let excerpt) = error else {
                seen.append("stopped: \(error)")
                return seen
            }
            // The excerpt up to the caret: past it, the line shows as far as the input was read
            // when the error was found, for one reader too (it depends on the reads' sizes).
            let shown = excerpt.text.prefix(excerpt.caretColumn + 1)
            seen.append("error \(location) \(reason) \(shown) ^\(excerpt.caretColumn)")
        }
        return seen
    }

    /// `batch` with its dotted keys nested and its JSON cells parsed, marked so; nil when that
    /// fails.
    @Sendable static func nested(_ batch: RecordBatch) -> RecordBatch? {
        guard var nested = try? RecordFlattener.unflatten(batch, parsingJSONText: true) else { return nil }
        nested.isReshaped = true
        return nested
    }

    /// Batches nested on the threads that scan them are the batches read in order, nested then.
    @Test(arguments: [16, 100, 1 << 20])
    func batchesNestedWhereScannedAreThoseNestedAfter(chunkSize: Int) async throws {
        let input =
            "id,owner.name,owner.id,tags,note\n"
            + (0..<300).map { "\($0),\"N\n\($0)\",\($0 % 7),\"[\"\"a\"\",\($0)]\",\"{\"\"k\"\":\($0)}\"\r\n" }.joined()
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: chunkSize), nesting: true)
        #expect(expected.count == 301)
        #expect(
            expected[1].hasSuffix(
                "{\"id\":1,\"owner\":{\"name\":\"N\\n1\",\"id\":1},\"tags\":[\"a\",1],\"note\":{\"k\":1}}"))
        var options = CSVReaderOptions()
        options.chunkSize = chunkSize
        let parallel = RecordStream(
            csvFrom: InMemoryByteSource(input, pieceSize: 333), options: options, workers: 2, reshaping: Self.nested)
        #expect(await Self.outcome(parallel, nesting: true) == expected)
        // Nested where scanned, but for the rows after the last cut, read in order.
        var nestedWhereScanned = 0
        let again = RecordStream(
            csvFrom: InMemoryByteSource(input), options: options, workers: 2, reshaping: Self.nested)
        for try await batch in again where batch.isReshaped { nestedWhereScanned += batch.count }
        #expect(nestedWhereScanned > 250)
    }

    @Test(arguments: [16, 100, 1000, 1 << 20], [1, 2, 3])
    func chunksGiveTheRecordsOneReaderGives(chunkSize: Int, workers: Int) async {
        let expected = await Self.outcome(Self.inOrder(Self.input, chunkSize: chunkSize))
        #expect(expected.count == 301)
        #expect(expected[1].hasPrefix("$[1] 4:"), "\(expected[1])")
        for pieceSize in [1, 7, 333] {
            let parallel = await Self.outcome(
                Self.parallel(Self.input, chunkSize: chunkSize, workers: workers, pieceSize: pieceSize))
            #expect(parallel == expected)
        }
    }

    /// Without a stray quote, every chunk is cut after a line feed that ends a row (a CRLF is
    /// never split), each is scanned on its own, and the chunks are the input after the header
    /// row, in order (the header's bytes are let go once its names are read).
    @Test(arguments: [16, 64, 1000])
    func chunksAreCutAfterLineFeedsThatEndRows(chunkSize: Int) throws {
        let input = Self.input.replacingOccurrences(of: "x\"y", with: "xy")  // no stray quote
        let chunker = CSVChunker(
            source: InMemoryByteSource(input, pieceSize: 100), options: CSVReaderOptions(chunkSize: chunkSize))
        var text: [UInt8] = []
        var chunks = 0
        while case .chunk(let chunk)? = try chunker.nextPiece() {
            let bytes = chunk.bytes.bytes(in: 0..<chunk.bytes.count)
            #expect(bytes.last == 0x0A)
            #expect(chunk.scan(options: CSVReaderOptions()) != nil)
            text += bytes
            chunks += 1
        }
        #expect(chunks > 10)
        let rows = input.utf8.dropFirst("id,text,value\n".utf8.count)
        #expect(text.elementsEqual(rows.prefix(text.count)))
    }

    /// A row longer than a chunk and 1 MiB (one wide record, after a header as wide) is not cut
    /// into a chunk: the chunker hands it, and everything after it, to the reader in order, in
    /// the storage it was read into, and the records are those one reader gives.
    @Test(arguments: [16, 1 << 20])
    func aRowLongerThanAChunkIsReadInOrder(chunkSize: Int) async throws {
        let columns = 150_000
        let header = (0..<columns).map { "c\($0)" }.joined(separator: ",")
        let wide = (0..<columns).map { "\($0 + 1_000_000)" }.joined(separator: ",")
        let small = (0..<columns).map { _ in "" }.joined(separator: ",")
        let input = header + "\n" + small + "\n" + wide + "\n" + small + "\n"
        #expect(wide.utf8.count > (1 << 20) + (1 << 16))
        let chunker = CSVChunker(
            source: InMemoryByteSource(input, pieceSize: 1 << 16), options: CSVReaderOptions(chunkSize: chunkSize))
        var pieces: [String] = []
        while let piece = try chunker.nextPiece() {
            switch piece {
            case .chunk(let chunk): pieces.append("chunk \(chunk.bytes.count - chunk.start)")
            case .rest: pieces.append("rest")
            }
        }
        #expect(pieces == ["chunk \(small.utf8.count + 1)", "rest"])
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: chunkSize))
        #expect(expected.count == 4)
        #expect(await Self.outcome(Self.parallel(input, chunkSize: chunkSize, pieceSize: 1 << 16)) == expected)
    }

    /// A quote inside an unquoted cell makes the pre-scan cut inside a quoted field: that chunk's
    /// scan doubts it, and the rest is read in order, with the same records.
    @Test func aStrayQuoteSendsTheRestToTheReaderInOrder() async {
        let input = "a,b\n" + (0..<200).map { "\($0),x\"y\n\($0),\"p\nq\"\n" }.joined()
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: 64))
        #expect(expected.count == 401)
        for chunkSize in [16, 64, 512] {
            #expect(await Self.outcome(Self.parallel(input, chunkSize: chunkSize)) == expected)
        }
    }

    /// An error after many chunks is reported, after the records before it, at the place and
    /// with the excerpt one reader gives.
    @Test(arguments: [
        "1,\"a\"b,c", "1,2", "1,2,3,4", "1,\"unclosed\n,2,3", "1,\"a\" x,3", "1,-01x,\"a\"\"",
    ])
    func anErrorInALaterChunkIsPlacedAsOneReaderPlacesIt(bad: String) async {
        let lines = Self.rows.map { $0 + "\r\n" }
        let input = "id,text,value\n" + lines[..<150].joined() + bad + "\n" + lines[150...].joined()
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: 64))
        #expect(expected.count >= 151)
        #expect(expected.last?.hasPrefix("error ") == true, "\(expected.last ?? "")")
        for chunkSize in [16, 64, 512, 4096] {
            #expect(await Self.outcome(Self.parallel(input, chunkSize: chunkSize)) == expected)
        }
    }

    @Test(arguments: [
        "", "\n", "a\n", "a", "a,b\n1,2", "a,b\r\n1,2\r\n", "\u{FEFF}a,b\n1,2\n", "\na,b\n1,2\n", "a,a\n1,2\n",
        "a,\n1,2\n", "\"a\nb\",c\n1,2\n", "a,b\n\"1\n", "a,b\r1,2\r3,4\r", "a,b\n1,2\n\n\n3,4\n\r\n",
    ])
    func smallAndOddInputsGiveWhatOneReaderGives(input: String) async {
        var noHeader = CSVReaderOptions()
        noHeader.hasHeader = false
        let tsv = CSVReaderOptions(dialect: .tsv)
        for options in [CSVReaderOptions(), noHeader, tsv] {
            let expected = await Self.outcome(Self.inOrder(input, chunkSize: 16, options: options))
            for chunkSize in [16, 1 << 20] {
                for pieceSize in [1, 2, 333] {
                    let parallel = await Self.outcome(
                        Self.parallel(input, chunkSize: chunkSize, pieceSize: pieceSize, options: options))
                    #expect(parallel == expected, "\(chunkSize) \(pieceSize)")
                }
            }
        }
    }

    /// Every byte of a small table changed to each of the bytes that matter to the pre-scan:
    /// records and errors stay those of one reader.
    @Test func anyByteChangedGivesWhatOneReaderGives() async {
        let input = Array("a,b\n1,\"x\ny\"\r\n\"\"\"\",2\n3,\"\r\n\"\n,\n4,z\n5,6\n".utf8)
        for index in input.indices {
            for byte in "\",\n\rx1 ".utf8 where byte != input[index] {
                var changed = input
                changed[index] = byte
                let text = String(decoding: changed, as: UTF8.self)
                let expected = await Self.outcome(Self.inOrder(text, chunkSize: 16))
                let parallel = await Self.outcome(Self.parallel(text, chunkSize: 16, pieceSize: 5))
                #expect(parallel == expected, "\(text)")
            }
        }
    }
}
