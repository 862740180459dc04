import CodableParsing
import Testing

/// `JSONString.quoted` (used wherever codable builds JSON text from a `String`: decoded strings,
/// report fields, model constants, format: dates) escapes exactly as the writer does.
@Suite struct JSONStringQuotingTests {
    @Test func quotingMatchesTheWriter() throws {
        let text = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\"\\/é😀 plain"
        let quoted = JSONString.quoted(text)
        #expect(try readRecords(quoted, framing: .jsonStream) == [quoted])  // the writer keeps it as it is
        #expect(quoted.hasPrefix(#""\u0000\u0001"#))
        #expect(quoted.contains(#"\b\t\n\u000b\f\r"#))
        #expect(quoted.hasSuffix(#"\"\\/é😀 plain""#))
    }
}
