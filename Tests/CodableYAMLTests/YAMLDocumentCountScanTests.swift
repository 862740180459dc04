import CodableYAML
import Testing

/// The scan before parsing: one document at most, or maybe more (then a root sequence is held
/// until the stream's end). It must never miss a second document, whatever the pieces.
@Suite struct YAMLDocumentCountScanTests {
    private static func mayHoldSeveral(_ text: String, piece: Int) -> Bool {
        var scan = YAMLDocumentCountScan()
        let bytes = Array(text.utf8)
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
    /// pieces it comes in (nil when pieces of some size give another answer).
    private static func answer(_ text: String) -> Bool? {
        let answers = Set([1, 2, 3, 5, 1000].map { mayHoldSeveral(text, piece: $0) })
        return answers.count == 1 ? answers.first : nil
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
    ])
    func maybeMoreThanOneDocument(text: String) {
        #expect(Self.answer(text) == true, "\(text.debugDescription)")
    }
}
