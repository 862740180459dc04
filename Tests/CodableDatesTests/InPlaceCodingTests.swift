import CodableDates
import Foundation
import Testing

/// The allocation-free paths (`decode(stringUTF8:)`, `encode(_:appendingTo:)`) give exactly
/// what the `String` paths give, values and errors alike.
@Suite struct InPlaceCodingTests {
    @Test(arguments: [
        DateStrategy.iso8601, .auto, .reference, .seconds, .milliseconds, .format(DateFormatPattern("yyyy-MM-dd")),
    ])
    func encodingInPlaceMatchesEncode(_ strategy: DateStrategy) throws {
        var rng = SeededGenerator(seed: 77)
        let codec = DateCodec(strategy)
        var instants = [0.0, 730976400.5, -0.25, -211_845_067_200, 15_927_175_497_600, 1e-9]
        for _ in 0..<2000 {
            instants.append(
                Double(Int.random(in: -20_000_000_000...20_000_000_000, using: &rng)) + Double(
                    Int.random(in: 0..<1000, using: &rng)) / 1000)
        }
        for t in instants {
            let date = Date(timeIntervalSinceReferenceDate: t)
            var bytes: [UInt8] = [0x41]  // appends after what is there
            try codec.encode(date, appendingTo: &bytes)
            #expect(bytes == [0x41] + Array(try codec.encode(date).utf8), "\(t)")
        }
        for bad in [Double.nan, .infinity, 15_927_175_497_601] where strategy == .iso8601 {
            var bytes: [UInt8] = []
            #expect(throws: DateEncodingError.self) {
                try codec.encode(Date(timeIntervalSinceReferenceDate: bad), appendingTo: &bytes)
            }
            #expect(bytes.isEmpty)
        }
    }

    @Test(arguments: [DateStrategy.iso8601, .auto, .reference, .format(DateFormatPattern("yyyy-MM-dd"))])
    func decodingInPlaceMatchesDecode(_ strategy: DateStrategy) {
        let codec = DateCodec(strategy)
        let inputs = [
            "2024-03-01T09:00:00Z", "2024-03-01T09:00:00.123456789+01:00", "2024-03-01", "2024-03-01t09:00:00Z",
            "", "x", "2024-02-30T00:00:00Z", "24:00", "2024-03-01T24:00:00Z", "café", "730976400",
        ]
        for input in inputs {
            let expected = Result { () throws(DateDecodingError) in try codec.decode(.string(input)) }
            var copy = input
            let actual = copy.withUTF8 { utf8 in
                Result { () throws(DateDecodingError) in try codec.decode(stringUTF8: utf8) }
            }
            #expect(actual == expected, "\(strategy.name) \(input)")
        }
    }
}

/// Foundation's `DateFormatter` traps on strings whose characters combine; codable refuses them.
@Suite struct CombiningCharacterTests {
    @Test(arguments: ["2024-03-01\u{301}", "2\u{301}024-03-01", "1\u{73C}"])
    func combiningMarksNeverMatchAFormat(_ text: String) {
        #expect(throws: DateDecodingError.formatMismatch(text)) {
            try DateCodec(.format(DateFormatPattern("yyyy-MM-dd"))).decode(.string(text))
        }
    }
}
