import CodableParsing
import Testing

@testable import CodableYAML

/// Byte order marks that start a line after the first are dropped before libyaml reads them,
/// whatever the size of the reads on either side; the stream's own mark, and marks inside a
/// line, are kept.
@Suite struct LineStartByteOrderMarkFilterTests {
    static let mark = "\u{FEFF}"

    static func filtered(_ bytes: [UInt8], pieceSize: Int, readSize: Int) throws -> [UInt8] {
        var filter = LineStartByteOrderMarkFilter(
            UTF16TranscodingSource(InMemoryByteSource(bytes, pieceSize: pieceSize)))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try filter.read(into: $0) }
            if count == 0 { break }
            out += buffer[..<count]
        }
        return out
    }

    @Test(arguments: [(Int.max, 1 << 16), (1, 1), (1, 3), (2, 2), (3, 7), (5, 4), (7, 1 << 10)])
    func marksThatStartLinesAreDropped(pieceSize: Int, readSize: Int) throws {
        let texts: [(String, String)] = [
            ("# c\n\(Self.mark)a: 1\nb: 2\n", "# c\na: 1\nb: 2\n"),
            ("\(Self.mark)a: 1\n", "\(Self.mark)a: 1\n"),
            ("a: \(Self.mark)x\n", "a: \(Self.mark)x\n"),
            ("a: 1\r\n---\r\(Self.mark)b: 2\n\(Self.mark)", "a: 1\r\n---\rb: 2\n"),
            ("x\n" + String(repeating: "\(Self.mark)\n", count: 3000), "x\n" + String(repeating: "\n", count: 3000)),
        ]
        // The start of a mark at the end of the stream is no mark.
        let cutMark = (Array("a\n".utf8) + [0xEF, 0xBB], Array("a\n".utf8) + [0xEF, 0xBB])
        for (input, expected) in texts.map({ (Array($0.utf8), Array($1.utf8)) }) + [cutMark] {
            let output = try Self.filtered(input, pieceSize: pieceSize, readSize: readSize)
            #expect(output == expected, "\(String(decoding: input, as: UTF8.self).debugDescription)")
        }
    }
}
