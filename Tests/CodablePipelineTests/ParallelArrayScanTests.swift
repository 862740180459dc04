import CodableParsing
import Testing

@testable import CodablePipeline

/// A top-level array's elements scanned in chunks on several threads give what one reader
/// gives: the same records in the same order, numbered and placed the same, and errors at the
/// same places with the same excerpts.
@Suite struct ParallelArrayScanTests {
    /// Elements whose strings hold brackets, commas, escaped quotes and backslashes (a chunk
    /// edge falls next to each of them at some chunk size), nested arrays and objects, non-ASCII
    /// text, and whitespace and line breaks of every kind between elements.
    static let elements: [String] = (0..<300).map { index in
        switch index % 6 {
        case 0: return "{\"id\":\(index),\"text\":\"a,]}[{\\\"b\\\\\",\"tags\":[[\(index)],[]]}"
        case 1: return "\"\\\\\""
        case 2: return "[\(index), {\"k\": [\"]\", \"\\\\\\\"\"]}, -1.5e3]"
        case 3: return "{\"title\":\"Straße \(String(repeating: "é", count: index % 13))\",\"n\":null}"
        case 4: return "\(index)"
        default: return "{\"s\":\"\\\\\\\\\",\"e\":{}}"
        }
    }
    static let separators = [",", " ,\n  ", "\n,", ",\r\n\t", " , "]
    static let input: String =
        "[\n  " + elements.enumerated().map { $1 + ($0 + 1 < elements.count ? separators[$0 % 5] : "") }.joined()
        + "\n]\n"

    static func parallel(_ input: String, chunkSize: Int, workers: Int = 2, pieceSize: Int = 333) -> RecordStream {
        RecordStream(
            arrayElementsFrom: InMemoryByteSource(input, pieceSize: pieceSize),
            options: RecordReaderOptions(chunkSize: chunkSize), workers: workers)
    }

    static func inOrder(_ input: String, chunkSize: Int) -> RecordStream {
        RecordStream(source: InMemoryByteSource(input), options: RecordReaderOptions(chunkSize: chunkSize))
    }

    /// Each record's coding path, place and text (written back), whether it came from an array,
    /// then how the stream ended: `end`, or the error with its place and excerpt.
    static func outcome(_ stream: RecordStream) async -> [String] {
        var seen: [String] = []
        do {
            for try await batch in stream {
                for index in 0..<batch.count {
                    let out = OutputBuffer()
                    var writer = JSONWriter()
                    writer.write(batch[index], to: out)
                    let text = out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                    let path = batch.codingPath(ofNode: batch[index].root, inRecord: index)
                    seen.append(
                        "\(path) \(batch.location(ofNode: batch[index].root)) \(batch.fromTopLevelArray) \(text)")
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

    @Test(arguments: [16, 100, 1000, 1 << 20], [1, 2, 3])
    func chunksGiveTheRecordsOneReaderGives(chunkSize: Int, workers: Int) async {
        let expected = await Self.outcome(Self.inOrder(Self.input, chunkSize: chunkSize))
        #expect(expected.count == 301)
        #expect(expected[1].hasPrefix("$[1] 2:"))
        for pieceSize in [1, 7, 333] {
            let parallel = await Self.outcome(
                Self.parallel(Self.input, chunkSize: chunkSize, workers: workers, pieceSize: pieceSize))
            #expect(parallel == expected)
        }
    }

    /// The chunker cuts right before commas between elements, never at one inside a string or
    /// a nested value, and the chunks and the rest it leaves are the input, in order.
    @Test(arguments: [16, 64, 1000])
    func chunksAreCutAtCommasBetweenElements(chunkSize: Int) throws {
        let chunker = JSONArrayChunker(
            source: InMemoryByteSource(Self.input, pieceSize: 100), options: RecordReaderOptions(chunkSize: chunkSize))
        var text: [UInt8] = []
        var cuts: [Int] = []
        while case .chunk(let chunk)? = try chunker.nextPiece() {
            let bytes = chunk.bytes.bytes(in: chunk.start..<chunk.end)
            #expect(chunk.startsInput == cuts.isEmpty)
            if !cuts.isEmpty { #expect(bytes.first == UInt8(ascii: ",")) }
            text += bytes
            cuts.append(text.count)
        }
        #expect(cuts.count > 10)
        #expect(text.elementsEqual(Self.input.utf8.prefix(text.count)))
        // What comes before each cut is whole elements: closed there, it is an array.
        for cut in cuts {
            let closed = String(decoding: text[..<cut], as: UTF8.self) + "]"
            var records = 0
            #expect(throws: Never.self) {
                let reader = RecordReader(source: InMemoryByteSource(closed))
                while let batch = try reader.nextBatch() { records += batch.count }
            }
            #expect(records > 0)
        }
    }

    /// An error after many chunks is reported, after the records before it, at the place and
    /// with the excerpt one reader gives.
    @Test(arguments: [
        ("{\"id\": 1, oops}", "152:11"), ("{\"a\":\"unclosed", "152:16"), ("[1, 2}", "152:6"), ("tru", "152:4"),
        ("{\"a\":\"\\x\"}", "152:7"), ("1]", "152:3"), ("1}", "152:2"), ("\"a\"\"b\"", "152:4"),
    ])
    func anErrorInALaterChunkIsPlacedAsOneReaderPlacesIt(bad: String, place: String) async {
        let lines = Self.elements.map { $0 + ",\n" }
        let input = "[\n" + lines[..<150].joined() + bad + ",\n" + lines[150...].joined() + "1\n]"
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: 64))
        #expect(expected.count >= 151)
        #expect(expected.last?.hasPrefix("error \(place) ") == true, "\(expected.last ?? "")")
        for chunkSize in [16, 64, 512, 4096] {
            #expect(await Self.outcome(Self.parallel(input, chunkSize: chunkSize)) == expected)
        }
    }

    @Test(arguments: [
        "[]", " [ ] ", "[1]", "[\n{\"a\":[1,[2]]}\n]\n", "{\"a\":[1,2]}", "\u{FEFF}[1,2,3]", "[1,2] 3", "[1,2,",
        "[1,2", "[1]]", "[1}", "", "  \n", "[1,,2]", "[,1]", "[1,2,]", "[\"a,\" , \"b\\\"],\"]", "1 2 3", "[1,2]\n[3]",
        "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + ",1]",
    ])
    func smallAndOddInputsGiveWhatOneReaderGives(input: String) async {
        let expected = await Self.outcome(Self.inOrder(input, chunkSize: 16))
        for chunkSize in [16, 1 << 20] {
            for pieceSize in [1, 2, 333] {
                let parallel = await Self.outcome(Self.parallel(input, chunkSize: chunkSize, pieceSize: pieceSize))
                #expect(parallel == expected, "\(chunkSize) \(pieceSize)")
            }
        }
    }

    /// Every byte of a small array changed to each of the bytes that matter to the pre-scan:
    /// records and errors stay those of one reader.
    @Test func anyByteChangedGivesWhatOneReaderGives() async {
        let input = Array("[{\"a\":\"x,]\\\"y\"},[1,{\"b\":[]}],\"\\\\\",2, \"z\" ,\n{}]".utf8)
        for index in input.indices {
            for byte in "\"\\[]{},x 1".utf8 where byte != input[index] {
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
