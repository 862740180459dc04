import Testing

@testable import CodableYAML

/// The window turns libyaml's character indices (Unicode scalars from the input's start, a
/// leading byte order mark not counted) into byte offsets, counting on from the last one, and
/// keeps doing so after it drops lines.
@Suite struct YAMLSourceWindowTests {
    /// Every character's byte offset in `text`, by the definition, as libyaml counts them.
    static func offsets(of text: [UInt8]) -> [Int] {
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return (start..<text.count).filter { text[$0] & 0xC0 != 0x80 } + [text.count]
    }

    @Test(arguments: ["", "\u{FEFF}"])
    func characterIndicesBecomeByteOffsetsBeforeAndAfterTrimming(prefix: String) {
        let text = Array("\(prefix)a: é\r\nb: \"名前 ☕\"\n# ü\nc: [x, ÿ]\nd: z\n".utf8)
        let expected = Self.offsets(of: text)
        let window = YAMLSourceWindow()
        text.withUnsafeBufferPointer { window.append($0) }
        // In order, then backwards (counted again from the window's start), then in order.
        for character in [0, 3, 4, 9, 12, 14] + [5, 0] + expected.indices.map({ $0 }) {
            #expect(window.offset(ofCharacter: character) == expected[character], "character \(character)")
        }
        // Drop lines (with the last conversion before the cut, then after it): indices still
        // count from the input's start.
        let lineStarts = [0] + text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 }
        func firstCharacter(ofLine line: Int) -> Int {
            expected.firstIndex(of: max(lineStarts[line - 1], prefix.isEmpty ? 0 : 3))!
        }
        #expect(window.offset(ofCharacter: 2) == expected[2])
        window.trim(toLine: 3)
        for character in firstCharacter(ofLine: 3)..<expected.count {
            #expect(window.offset(ofCharacter: character) == expected[character], "character \(character) after a trim")
        }
        window.trim(toLine: 5)
        for character in firstCharacter(ofLine: 5)..<expected.count {
            #expect(
                window.offset(ofCharacter: character) == expected[character],
                "character \(character) after a second trim")
        }
    }
}
