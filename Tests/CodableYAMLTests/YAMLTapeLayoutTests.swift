import CodableParsing
import CodableYAML
import Testing

/// How a YAML batch holds its tokens: a short token repeated within a block of nodes is written
/// once, and no node points back past its block's first (each stays one word on the tape, and
/// a block of 16 equal values is one word).
@Suite struct YAMLTapeLayoutTests {
    /// The one batch `text` reads as.
    private func batch(_ text: String) throws -> RecordBatch {
        let reader = YAMLRecordReader(
            source: InMemoryByteSource(text), options: YAMLReaderOptions(parsesInBackground: false))
        let batch = try #require(try reader.nextBatch())
        #expect(try reader.nextBatch() == nil)
        return batch
    }

    /// Four bytes a node, and four for each block's base: no node kept whole in the side table
    /// but containers of 8 192 nodes or more (whose size does not fit a word); folded blocks
    /// keep `foldedAway` fewer words (15 a block of 16 equal values, 11 a stepped one), and once
    /// one is, every block also keeps where its words start (4 bytes more).
    private func expectOneWordEach(_ nodes: NodeBuffer, foldedAway: Int, _ comment: Comment) {
        let big = (0..<nodes.count).filter { nodes[$0].span > 8_192 }.count
        let words = nodes.count - foldedAway
        #expect(
            nodes.byteCount == words * 4 + nodes.count / NodeBuffer.blockSize * (foldedAway > 0 ? 8 : 4) + big * 12,
            comment)
    }

    /// A record's blocks are folded from its 4 096th node on.
    private let firstFoldedBlock = NodeBuffer.nodesBeforeFolding / NodeBuffer.blockSize

    @Test func repeatedDigitsAreWrittenOncePerBlock() throws {
        let count = 16_000
        let read = try batch("a: [" + Array(repeating: "0", count: count).joined(separator: ",") + "]\n")
        #expect(read.bytes.count <= 3 + count / NodeBuffer.blockSize + 1)  // "a", then a 0 a block
        // The object, its key and the array, then 13 zeros fill the first block; the zeros of
        // the blocks from the 256th to the 999th are a word a block; the others a word each.
        expectOneWordEach(
            read.nodes, foldedAway: 15 * ((count + 3) / NodeBuffer.blockSize - firstFoldedBlock), "digits")
        var writer = JSONWriter()
        let out = OutputBuffer()
        writer.write(read[0], to: out)
        #expect(out.text == "{\"a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "]}")
    }

    /// Literals among other values (they once all pointed at one shared token, which put every
    /// one past its block's start into the side table).
    @Test func literalsAmongStringsStayOneWordEach() throws {
        let items = (0..<2_000).map {
            "- {on: \($0 % 3 == 0 ? "true" : "false"), name: n\($0), gone: null, n: \($0 % 5)}"
        }
        let read = try batch(items.joined(separator: "\n") + "\n")
        expectOneWordEach(read.nodes, foldedAway: 0, "mixed")
        var records: [String] = []
        var writer = JSONWriter()
        for index in 0..<read.count {
            let out = OutputBuffer()
            writer.write(read[index], to: out)
            records.append(out.text)
        }
        #expect(
            records == (0..<2_000).map { "{\"on\":\($0 % 3 == 0),\"name\":\"n\($0)\",\"gone\":null,\"n\":\($0 % 5)}" })
    }

    /// A string's token starts on the closing quote of a string just before it, and 16 strings
    /// of one length are five words: `[a,b,c,…]` takes 2 bytes of JSON and about a third of a
    /// word a value. Strings read back as written after strings, numbers, literals and empty
    /// strings pointed at earlier ones.
    @Test func consecutiveStringsShareAQuote() throws {
        let count = 16_000
        let letters = (0..<count).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        let read = try batch("a: [" + letters.joined(separator: ",") + "]\n")
        #expect(read.bytes.count <= 3 + 2 * count)
        // Blocks from the 256th to the 999th are stepped: 5 words each.
        expectOneWordEach(
            read.nodes, foldedAway: 11 * ((count + 3) / NodeBuffer.blockSize - firstFoldedBlock), "letters")
        var writer = JSONWriter()
        let out = OutputBuffer()
        writer.write(read[0], to: out)
        #expect(out.text == "{\"a\":[" + letters.map { "\"\($0)\"" }.joined(separator: ",") + "]}")
        let items: [(yaml: String, json: String)] = [
            ("x", #""x""#), (#""""#, #""""#), (#""q\"""#, #""q\"""#), (#""""#, #""""#), ("''", #""""#), ("y", #""y""#),
            ("1", "1"),
            (#""""#, #""""#), (#""a,b""#, #""a,b""#), ("true", "true"), (#""é\u0001""#, #""é\u0001""#),
            (#""""#, #""""#), ("''", #""""#),
        ]
        let sequence = Array(repeating: items.map(\.yaml).joined(separator: ", "), count: 40).joined(separator: ", ")
        let mixed = try batch("k: [" + sequence + "]\n")
        let written = OutputBuffer()
        writer.write(mixed[0], to: written)
        #expect(
            written.text == "{\"k\":["
                + Array(repeating: items.map(\.json).joined(separator: ","), count: 40).joined(separator: ",") + "]}")
    }

    /// A container opened just after a string starts on that string's closing quote, as a
    /// string after it may: no node of `[[a],[b],…]` or `[{a: b},…]` starts before its block's
    /// first (each would be kept whole, 16 bytes). Too few nodes to be folded.
    @Test func containersAfterStringsStayOneWordEach() throws {
        let letters = (0..<600).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        let read = try batch(
            "a: [" + letters.map { "[\($0)]" }.joined(separator: ",") + "]\nb: ["
                + letters.map { "{\($0): \($0)x}" }.joined(separator: ",") + "]\n")
        expectOneWordEach(read.nodes, foldedAway: 0, "nested")
        var writer = JSONWriter()
        let out = OutputBuffer()
        writer.write(read[0], to: out)
        #expect(
            out.text == "{\"a\":[" + letters.map { "[\"\($0)\"]" }.joined(separator: ",") + "],\"b\":["
                + letters.map { "{\"\($0)\":\"\($0)x\"}" }.joined(separator: ",") + "]}")
    }

    /// Past a record's first 4 096 nodes, blocks of small nodes are folded once their
    /// containers close: one-item sequences of a letter take 8 words a block, empty ones 1;
    /// every value reads back as written.
    @Test func closedContainersFoldWithTheirItems() throws {
        let count = 40_000
        let letters = (0..<count).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        let nested = try batch("a: [" + letters.map { "[\($0)]" }.joined(separator: ",") + "]\n")
        let blocks = (2 * count + 3) / NodeBuffer.blockSize
        expectOneWordEach(nested.nodes, foldedAway: 8 * (blocks - firstFoldedBlock), "nested")  // halved
        let empty = try batch("a: [" + Array(repeating: "[]", count: count).joined(separator: ",") + "]\n")
        expectOneWordEach(
            empty.nodes, foldedAway: 15 * ((count + 3) / NodeBuffer.blockSize - firstFoldedBlock), "empty")  // repeated
        var writer = JSONWriter()
        for (read, items) in [(nested, letters.map { "[\"\($0)\"]" }), (empty, Array(repeating: "[]", count: count))] {
            let out = OutputBuffer()
            writer.write(read[0], to: out)
            #expect(out.text == "{\"a\":[" + items.joined(separator: ",") + "]}")
        }
    }
}
