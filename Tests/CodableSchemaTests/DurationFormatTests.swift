import CodableSchema
import Testing

/// `format: "duration"` follows RFC 3339 appendix A: units present run without gaps.
@Suite struct DurationFormatTests {
    private let options = SchemaOptions(assertFormats: true)

    private func valid(_ text: String) throws -> Bool {
        try violations(#"{"format": "duration"}"#, "\"\(text)\"", options: options).isEmpty
    }

    @Test func unitsRunWithoutGaps() throws {
        for text in ["P1Y2M3DT4H5M6S", "P1Y2M", "P2M3D", "P4D", "PT1M2S", "PT4H5M", "P1DT2S", "P2W", "P1YT1H"] {
            #expect(try valid(text), "\(text)")
        }
        for text in ["P1Y2D", "PT1H2S", "P1D2M", "P", "PT", "P1Y2W", "PT1S2M"] {
            #expect(try !valid(text), "\(text)")
        }
    }
}
