import Testing
@testable import CodableParsing

/// Locating many offsets at once (`locations(of:in:)`, one pass over the bytes) gives each the
/// location it has alone (`location(of:in:)`), and an excerpt of a very long line is the same
/// window whatever the line's length.
@Suite struct SourceLocatorTests {
    @Test(arguments: [LineBreaks.lineFeed, .returnOrLineFeed, .yaml])
    func manyAtOnceAsEachAlone(breaks: LineBreaks) {
        let pieces: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], Array("é".utf8), Array("😀".utf8), [0xC2, 0x85], [0xE2, 0x80, 0xA8], Array("ab".utf8), [0x09], [0x80]]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            var bytes: [UInt8] = round % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...80, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let locator = SourceLocator(baseOffset: round % 2 == 0 ? 0 : 1_000, baseLine: 1 + round % 4, baseColumn: 1 + round % 3, lineBreaks: breaks)
            let offsets = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: -2...(bytes.count + 2), using: &generator) }
            bytes.withUnsafeBufferPointer { buffer in
                let together = locator.locations(of: offsets, in: buffer)
                let alone = offsets.map { locator.location(of: $0, in: buffer) }
                #expect(together == alone, "\(breaks) round \(round): \(bytes) at \(offsets)")
            }
        }
    }

    @Test func aLongLineIsCutTheSameWayWhateverItsLength() {
        for length in [120, 10_000] {
            let line = Array(repeating: UInt8(ascii: "x"), count: length / 2) + Array("\"y\"".utf8) + Array(repeating: UInt8(ascii: "z"), count: length / 2)
            let caret = length / 2
            line.withUnsafeBufferPointer { buffer in
                let excerpt = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1).excerpt(at: caret, in: buffer)
                #expect(excerpt.text == "…" + String(repeating: "x", count: 50) + "\"y\"" + String(repeating: "z", count: 47) + "…", "length \(length)")
                #expect(excerpt.caretColumn == 51)
            }
        }
    }
}
