import Testing

@testable import CodableParsing

/// Locating many offsets at once (`locations(of:in:)`, one pass over the bytes) gives each the
/// location it has alone (`location(of:in:)`), and an excerpt of a very long line is the same
/// window whatever the line's length.
@Suite struct SourceLocatorTests {
    @Test(arguments: [LineBreaks.lineFeed, .returnOrLineFeed, .yaml])
    func manyAtOnceAsEachAlone(breaks: LineBreaks) {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D, 0x0A], [0x0D], Array("é".utf8), Array("😀".utf8), [0xC2, 0x85], [0xE2, 0x80, 0xA8],
            Array("ab".utf8), [0x09], [0x80],
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            var bytes: [UInt8] = round % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...80, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let locator = SourceLocator(
                baseOffset: round % 2 == 0 ? 0 : 1_000, baseLine: 1 + round % 4, baseColumn: 1 + round % 3,
                lineBreaks: breaks)
            let offsets = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                Int.random(in: -2...(bytes.count + 2), using: &generator)
            }
            bytes.withUnsafeBufferPointer { buffer in
                let together = locator.locations(of: offsets, in: buffer)
                let alone = offsets.map { locator.location(of: $0, in: buffer) }
                #expect(together == alone, "\(breaks) round \(round): \(bytes) at \(offsets)")
            }
        }
    }

    /// Counting scalars eight bytes a word gives what counting byte by byte gives, at every
    /// start and end (words straddling a character, tails of 0 to 7 bytes, invalid UTF-8).
    @Test func scalarCountIsTheCountOfBytesThatStartACharacter() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80], [0xFF]]
        for _ in 0..<40 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let wrong = bytes.withUnsafeBufferPointer { buffer in
                (0...buffer.count).flatMap { from in
                    (from...min(buffer.count, from + 20)).filter { to in
                        SourceLocator.scalarCount(buffer, from: from, to: to)
                            != buffer[from..<to].filter { $0 & 0xC0 != 0x80 }.count
                    }.map { (from, $0) }
                }
            }
            #expect(wrong.count == 0, "\(bytes): wrong counts for the ranges \(wrong)")
        }
        // Long runs: words counted by the thousand before their counts are added up.
        for piece in pieces {
            let bytes = Array([[UInt8]](repeating: piece, count: 5_000).joined())
            let inner = bytes[3..<(bytes.count - 5)]
            bytes.withUnsafeBufferPointer { buffer in
                #expect(
                    SourceLocator.scalarCount(buffer, from: 0, to: buffer.count)
                        == bytes.filter { $0 & 0xC0 != 0x80 }.count, "\(piece)")
                #expect(
                    SourceLocator.scalarCount(buffer, from: 3, to: buffer.count - 5)
                        == inner.filter { $0 & 0xC0 != 0x80 }.count, "\(piece)")
            }
        }
    }

    /// A buffer cut at any byte of the input's byte order mark (a reader keeps the last 1 KiB of
    /// a long line; a line of 1 024 more bytes past the mark is cut inside it) places every
    /// later byte where the whole input does: the mark is no column, in part or whole.
    @Test func aBufferCutInsideTheByteOrderMarkCountsNoColumnForIt() {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,é,#]".utf8)
        input.withUnsafeBufferPointer { whole in
            let locator = SourceLocator.start
            for cut in 0...4 {
                let advanced = locator.advanced(by: cut, in: whole)
                let rest = Array(input[cut...])
                rest.withUnsafeBufferPointer { rest in
                    for offset in cut...input.count {
                        #expect(
                            advanced.location(of: offset - cut, in: rest) == locator.location(of: offset, in: whole),
                            "cut at \(cut), offset \(offset)")
                    }
                }
            }
            // `#`: `é` is one column, the mark none
            #expect(locator.location(of: input.count - 2, in: whole).column == 6)
            #expect(locator.location(of: 1, in: whole).column == 1)
        }
    }

    @Test func aLongLineIsCutTheSameWayWhateverItsLength() {
        for length in [120, 10_000] {
            let line =
                Array(repeating: UInt8(ascii: "x"), count: length / 2) + Array("\"y\"".utf8)
                + Array(repeating: UInt8(ascii: "z"), count: length / 2)
            let caret = length / 2
            line.withUnsafeBufferPointer { buffer in
                let excerpt = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1).excerpt(at: caret, in: buffer)
                #expect(
                    excerpt.text == "…" + String(repeating: "x", count: 50) + "\"y\""
                        + String(repeating: "z", count: 47) + "…", "length \(length)")
                #expect(excerpt.caretColumn == 51)
            }
        }
    }

    /// The caret counts the Characters shown before it: with a window that starts at a combining
    /// mark (which joins the `…` before it into one Character), and with the caret on a
    /// combining mark, it points at the Character it is under.
    @Test func theCaretPointsAtItsCharacterNextToCombiningMarks() {
        let line = Array("a\u{301}".utf8) + Array(repeating: UInt8(ascii: "x"), count: 48) + Array("Y\u{301}zzz".utf8)
        line.withUnsafeBufferPointer { buffer in
            let locator = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1)
            let excerpt = locator.excerpt(at: 51, in: buffer)  // the window starts at the U+0301 after `a`
            #expect(excerpt.text.hasPrefix("…\u{301}x"))
            #expect(Array(excerpt.text)[excerpt.caretColumn] == "Y\u{301}")
            let onMark = locator.excerpt(at: 52, in: buffer)  // the caret on the U+0301 after `Y`
            #expect(Array(onMark.text)[onMark.caretColumn] == "Y\u{301}")
        }
    }
}

/// A batch's nodes located one after another by a `BatchLocationCursor` (on from the node
/// before when it lies later) are where `RecordBatch.location(ofNode:)` puts each alone, in
/// any order, for JSON Lines and for CSV (located through its source map).
@Suite struct BatchLocationCursorTests {
    private func expectSameLocations(_ reader: some RecordBatchReader) throws {
        var generator = SystemRandomNumberGenerator()
        while let batch = try reader.nextBatch() {
            let count = batch.nodes.count
            var order = Array(0..<count)
            for _ in 0..<count / 3 {
                order.swapAt(Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<count, using: &generator))
            }
            var cursor = BatchLocationCursor(batch)
            for index in order + (0..<count) {
                #expect(cursor.location(ofNode: index) == batch.location(ofNode: index), "node \(index)")
            }
        }
    }

    @Test func jsonLinesAndCSV() throws {
        let lines = (0..<300).map { "{\"id\":\($0),\"name\":\"é\\u00e9\($0)\",\"tags\":[1,\r\n2]}" }.joined(
            separator: "\r\n")
        try expectSameLocations(
            RecordReader(
                source: InMemoryByteSource(lines, pieceSize: 999),
                options: RecordReaderOptions(framing: .jsonStream, chunkSize: 4096)))
        let rows = "a,b,c\r\n" + (0..<300).map { "\($0),\"x,\r\ny\",é\($0)" }.joined(separator: "\r\n") + "\n"
        try expectSameLocations(
            CSVReader(source: InMemoryByteSource(rows, pieceSize: 999), options: CSVReaderOptions(chunkSize: 4096)))
    }
}
