import CodableParsing
import Testing

@testable import CodableYAML

/// UTF-16 input (by its byte order mark) is handed on as UTF-8, whatever the size of the reads
/// on either side; anything else is handed on as it is; input that is not UTF-16 ends the
/// output with a byte that is never UTF-8, where the problem is recorded.
@Suite struct UTF16TranscodingSourceTests {
    /// Everything `source` hands out, read `readSize` bytes at a time.
    static func readAll(_ source: UTF16TranscodingSource, readSize: Int) throws -> (
        bytes: [UInt8], problem: (offset: Int, message: String)?
    ) {
        var source = source
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { break }
            out += buffer[..<count]
        }
        return (out, source.problem)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        ([0xFEFF] + Array(text.utf16)).flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    static let texts = [
        "", "a", "a: 1\nb: \"x\"\n", "é€😀\r\n- 名前: [☕, 𝄞]\n\u{85}x\u{2028}y",
        String(repeating: "ab😀é\n", count: 20_000),
    ]

    @Test(arguments: [false, true])
    func utf16IsHandedOnAsUTF8(bigEndian: Bool) throws {
        for text in Self.texts {
            let expected = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            for (pieceSize, readSize) in [(Int.max, 1 << 16), (1, 1), (3, 7), (5, 2), (7, 1 << 20)] {
                let source = UTF16TranscodingSource(
                    InMemoryByteSource(Self.utf16(text, bigEndian: bigEndian), pieceSize: pieceSize))
                let read = try Self.readAll(source, readSize: readSize)
                #expect(
                    read.bytes == expected,
                    "\(text.prefix(20).debugDescription), pieces \(pieceSize), reads \(readSize)")
                #expect(read.problem == nil)
            }
        }
    }

    @Test func otherInputIsHandedOnAsItIs() throws {
        let inputs: [[UInt8]] = [
            [], [0xFE], [0xFF], [0xFF, 0xFF, 0x00], [0xFE, 0xFE], [0xEF, 0xBB, 0xBF, 0x61], Array("a: [1, 2]\n".utf8),
            [0x00, 0xFE, 0xFF],
        ]
        for input in inputs {
            for (pieceSize, readSize) in [(Int.max, 4096), (1, 1), (2, 3)] {
                let read = try Self.readAll(
                    UTF16TranscodingSource(InMemoryByteSource(input, pieceSize: pieceSize)), readSize: readSize)
                #expect(read.bytes == input, "\(input), pieces \(pieceSize), reads \(readSize)")
                #expect(read.problem == nil)
            }
        }
    }

    @Test(arguments: [false, true])
    func inputThatIsNotUTF16StopsWhereItGoesWrong(bigEndian: Bool) throws {
        let prefix = Self.utf16("a: é\n", bigEndian: bigEndian)  // 6 bytes of UTF-8 after the 3 of the mark, then "b"
        func units(_ units: [UInt16]) -> [UInt8] {
            units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let cases: [(input: [UInt8], message: String)] = [
            (prefix + units([0x62, 0xDC00, 0x63]), "a low surrogate (0xDC00) with no high surrogate before it"),
            (prefix + units([0x62, 0xD83D, 0x63]), "a high surrogate (0xD83D) not followed by a low surrogate"),
            (
                prefix + units([0x62, 0xD83D, 0xD83D, 0xDE00]),
                "a high surrogate (0xD83D) not followed by a low surrogate"
            ),
            (prefix + units([0x62, 0xD83D]), "the stream ends after a high surrogate, with no low surrogate"),
            (prefix + units([0x62]) + [0x63], "the stream ends inside a code unit (an odd number of bytes)"),
        ]
        for (input, message) in cases {
            for pieceSize in [Int.max, 1, 3] {
                let read = try Self.readAll(
                    UTF16TranscodingSource(InMemoryByteSource(input, pieceSize: pieceSize)), readSize: 2)
                #expect(
                    read.bytes == [0xEF, 0xBB, 0xBF] + Array("a: é\nb".utf8) + [0xFF], "\(message), pieces \(pieceSize)"
                )
                #expect(read.problem?.offset == 10)
                #expect(read.problem?.message == "invalid UTF-16: " + message)
            }
        }
    }

    /// Through the reader: a UTF-16 stream gives the records and the places the same text in
    /// UTF-8 gives.
    @Test(arguments: [false, true])
    func utf16YAMLReadsAndIsPlacedAsUTF8(bigEndian: Bool) throws {
        let text = "- name: é😀\n  tags: [x, \"名前\"]\n---\n- {a: 1, b: ☕}\n"
        func read(_ bytes: [UInt8]) throws -> (records: [String], places: [String]) {
            let reader = YAMLRecordReader(
                source: InMemoryByteSource(bytes, pieceSize: 3), options: YAMLReaderOptions(parsesInBackground: false))
            var records: [String] = []
            var places: [String] = []
            while let batch = try reader.nextBatch() {
                var writer = JSONWriter()
                for index in 0..<batch.count {
                    let out = OutputBuffer(capacity: 256)
                    writer.write(batch[index], to: out)
                    records.append(out.text)
                }
                for node in 0..<batch.nodes.count {
                    let location = batch.location(ofNode: node)
                    places.append("\(location.line):\(location.column) \(batch.excerpt(ofNode: node).text)")
                }
            }
            return (records, places)
        }
        let expected = try read([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(expected.records == ["[{\"name\":\"é😀\",\"tags\":[\"x\",\"名前\"]}]", "[{\"a\":1,\"b\":\"☕\"}]"])
        let transcoded = try read(Self.utf16(text, bigEndian: bigEndian))
        #expect(transcoded.records == expected.records)
        #expect(transcoded.places == expected.places)
    }
}
