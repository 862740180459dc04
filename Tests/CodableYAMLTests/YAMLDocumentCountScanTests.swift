import CodableYAML
import Testing

/// The scan before parsing: one document at most, or maybe more (then a root sequence is held
/// until the stream's end). It must never miss a second document, whatever the pieces.
@Suite struct YAMLDocumentCountScanTests {
    private static func mayHoldSeveral(_ bytes: [UInt8], piece: Int) -> Bool {
        var scan = YAMLDocumentCountScan()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes[start..<end].withUnsafeBufferPointer { scan.scan($0) }
            start = end
        }
        scan.finish()
        return scan.mayHoldSeveralDocuments
    }

    /// Whether the scan finds that `text` may hold several documents, the same whatever the
    /// pieces it comes in and whether it is UTF-8 or UTF-16 (either byte order, after its byte
    /// order mark); nil when some of them give another answer.
    private static func answer(_ text: String) -> Bool? {
        let encodings = [Array(text.utf8), utf16(text, bigEndian: false), utf16(text, bigEndian: true)]
        let answers = Set(encodings.flatMap { bytes in [1, 2, 3, 5, 1000].map { mayHoldSeveral(bytes, piece: $0) } })
        return answers.count == 1 ? answers.first : nil
    }

    /// `text` in UTF-16 after its byte order mark (which a text's own leading U+FEFF follows).
    private static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        ([0xFEFF] + Array(text.utf16)).flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test(arguments: [
        "",
        "- a\n- b\n",
        "---\n- a\n- b\n",
        "--- [1, 2]\n",
        "%YAML 1.2\n---\n- a\n...\n",
        "# comment\n\n---\n- a\n... # end\n# trailing comment\n   \n",
        "\u{FEFF}- a\n",
        "- |\n  ---\n  ...\n",
        "- a\r\n- b\r\n",
        "- ----\n- ...x\n- -1\n- .5\n",
        "a: 1\n",
        "...\n",
        "- é😀\n- ---é\n- x\u{2028}y\n- ©\u{2027}---\n",
    ])
    func oneDocumentAtMost(text: String) {
        #expect(Self.answer(text) == false, "\(text.debugDescription)")
    }

    @Test(arguments: [
        "- a\n---\n- b\n",
        "- a\n--- - b\n",
        "---\n- a\n---",
        "- a\n...\n- b\n",
        "- a\n...\n%YAML 1.2\n---\n- b\n",
        "- a\n\u{FEFF}---\n",
        "- a\r---\r- b\r",
        "- a\r\n---\r\n- b\r\n",
        "a: 1\n---\tb: 2\n",
        "...\nfoo\n",
        "---\n---\n",
        "- é😀\n---\n- b\n",
        "é: 1\n...\n😀\n",
        // libyaml ends lines at NEL, LS and PS too (a fuzzed input found a NEL after `---`).
        "- a\n---\u{85}- b\n", "- a\n- \u{2028}---\n", "- a\u{2029}--- b\n", "- a\n...\u{85}x\n",
        "- a\u{85}\u{85}---\n",
    ])
    func maybeMoreThanOneDocument(text: String) {
        #expect(Self.answer(text) == true, "\(text.debugDescription)")
    }

    /// A stream that starts with `FE` or `FF` but not a UTF-16 byte order mark is UTF-8 (bad
    /// UTF-8, which libyaml rejects), scanned as such: its first byte is content.
    @Test(arguments: [
        [0xFE], [0xFF], [0xFE, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A], [0xFF, 0xFF, 0x0A, 0x2E, 0x2E, 0x2E, 0x0A, 0x61],
    ])
    func aFirstByteOfAByteOrderMarkAloneIsContent(bytes: [UInt8]) {
        let answers = Set([1, 2, 1000].map { Self.mayHoldSeveral(bytes, piece: $0) })
        #expect(answers == [bytes.count > 1])
    }
}
