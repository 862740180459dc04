import CodableDates
import Foundation
import Testing

/// `iso8601` output: byte-for-byte `JSONEncoder`'s `.iso8601` for whole seconds; fractional
/// seconds kept (shortest digits that round-trip) where `JSONEncoder` drops them.
@Suite struct ISO8601EncodingTests {
    @Test func wholeSecondsMatchJSONEncoder() throws {
        var rng = SeededGenerator(seed: 3339)
        let codec = DateCodec(.iso8601)
        var instants = [
            0.0, -978_307_200, 730_976_400, -13_197_600_000, -13_197_600_001, -63_145_699_200, -63_145_699_201,
            -62_135_596_800, 252_423_993_600, -211_845_067_200, 15_927_175_497_600, -86400, 86399,
        ]
        for _ in 0..<1500 {
            instants.append(Double(Int.random(in: -211_845_067_200...15_927_175_497_600, using: &rng)))
            instants.append(Double(Int.random(in: -5_000_000_000...5_000_000_000, using: &rng)))
        }
        for t in instants {
            let date = Date(timeIntervalSinceReferenceDate: t)
            #expect(try codec.encode(date) == FoundationReference.encode(date, .iso8601), "\(t)")
        }
    }

    @Test func fractionsAreKeptAndRoundTripThroughFoundation() throws {
        var rng = SeededGenerator(seed: 1000)
        let codec = DateCodec(.iso8601)
        var instants = [730976400.5, 730976400.123, 730976400.1234568, -0.5, -1e-9, 1e-7, 0.001, -978307200.001]
        for _ in 0..<1500 {
            let whole = Double(Int.random(in: -20_000_000_000...20_000_000_000, using: &rng))
            let digits = Int.random(in: 1...9, using: &rng)
            let scale = pow(10.0, Double(digits))
            instants.append(whole + Double(Int.random(in: 1..<Int(scale), using: &rng)) / scale)
        }
        for t in instants {
            let date = Date(timeIntervalSinceReferenceDate: t)
            let written = try codec.encode(date)
            let foundation = try #require(FoundationReference.encode(date, .iso8601))
            // Same text as JSONEncoder once the fraction is removed...
            let withoutFraction = written.replacing(/\.[0-9]+Z/, with: "Z")
            #expect(withoutFraction == foundation, "\(t)")
            #expect(written.contains("."), "\(t)")
            // ...and JSONDecoder reads it back to the identical instant.
            // (exactly when a fraction of at most 9 digits can say it, else to the nanosecond).
            let back = try FoundationReference.decode(json: written, .iso8601).get()
            #expect(back == t || abs(back - t) < 1e-8, "\(t) \(written)")
        }
        #expect(try codec.encode(Date(timeIntervalSinceReferenceDate: 730976400.5)) == "\"2024-03-01T09:00:00.5Z\"")
        #expect(try codec.encode(Date(timeIntervalSinceReferenceDate: 730976400.123)) == "\"2024-03-01T09:00:00.123Z\"")
    }

    @Test func outOfRangeAndNonFiniteAreRefused() {
        let codec = DateCodec(.iso8601)
        #expect(throws: DateEncodingError.outOfRange(1e16)) {
            try codec.encode(Date(timeIntervalSinceReferenceDate: 1e16))
        }
        #expect(throws: DateEncodingError.self) { try codec.encode(Date(timeIntervalSinceReferenceDate: .infinity)) }
    }

    /// Year 0 with a positive offset is an instant in year -1 (2 BC): JSONEncoder writes it with
    /// a sign, and JSONDecoder does not read a signed year. codable does both the same way (the
    /// dates fuzz target found the pair, `Tests/FuzzRegressions/dates/year-zero-with-…`).
    @Test func yearsBeforeZeroAreWrittenSignedAndNotReadBackAsFoundationDoes() throws {
        let read = try #require(ISO8601Parser.parse("0-1-1T0:0:0+5"))
        #expect(read.timeIntervalSinceReferenceDate == -63_145_717_200)
        #expect(try FoundationReference.decode(json: "\"0-1-1T0:0:0+5\"", .iso8601).get() == -63_145_717_200)
        let written = try DateCodec(.iso8601).encode(read)
        #expect(written == "\"-0001-12-31T19:00:00Z\"")
        #expect(written == FoundationReference.encode(read, .iso8601))
        #expect(ISO8601Parser.parse("-0001-12-31T19:00:00Z") == nil)
        #expect(throws: FoundationReference.Failure.self) {
            try FoundationReference.decode(json: written, .iso8601).get()
        }
    }

    @Test func formatThenParseIsIdentity() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let t =
                Double(Int.random(in: -63_000_000_000...1_000_000_000_000, using: &rng))  // years 0...33000
                + Double(Int.random(in: 0..<1000, using: &rng)) / 1000
            let text = ISO8601Formatter.string(fromInterval: t)!
            #expect(ISO8601Parser.parse(text)?.timeIntervalSinceReferenceDate == t, "\(t) \(text)")
        }
    }
}
