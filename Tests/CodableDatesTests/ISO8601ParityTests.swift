import CodableDates
import Foundation
import Testing

/// `iso8601` decoding agrees with `JSONDecoder`'s `.iso8601`, value for value.
@Suite struct ISO8601ParityTests {
    static let hardCases = [
        // Baseline, Z/z, separators.
        "2024-03-01T09:00:00Z", "2024-03-01T09:00:00z", "2024-03-01t09:00:00Z", "2024-03-01 09:00:00Z",
        "2024-03-01T09:00:00", "2024-03-01", "2024-03-01T09:00", "2024-03-01T09:00Z", "20240301T090000Z",
        // Fractional seconds, 0 to 10 digits.
        "2024-03-01T09:00:00.Z", "2024-03-01T09:00:00.5Z", "2024-03-01T09:00:00.12Z",
        "2024-03-01T09:00:00.123Z", "2024-03-01T09:00:00.1234Z", "2024-03-01T09:00:00.12345Z",
        "2024-03-01T09:00:00.123456Z", "2024-03-01T09:00:00.1234567Z", "2024-03-01T09:00:00.12345678Z",
        "2024-03-01T09:00:00.123456789Z", "2024-03-01T09:00:00.1234567891Z", "2024-03-01T09:00:00.999999999Z",
        "2024-03-01T09:00:00,5Z", "2024-03-01T09:00:00.5",
        // Offsets.
        "2024-03-01T09:00:00+01", "2024-03-01T09:00:00+0100", "2024-03-01T09:00:00+01:00",
        "2024-03-01T09:00:00-05:30", "2024-03-01T09:00:00-0530", "2024-03-01T09:00:00+1",
        "2024-03-01T09:00:00+01:00:30", "2024-03-01T09:00:00+010030", "2024-03-01T09:00:00+123",
        "2024-03-01T09:00:00+18:00", "2024-03-01T09:00:00+18:01", "2024-03-01T09:00:00-18:00",
        "2024-03-01T09:00:00+24:00", "2024-03-01T09:00:00+01:60", "2024-03-01T09:00:00+01:",
        "2024-03-01T09:00:00+", "2024-03-01T09:00:00-00:00", "2024-03-01T09:00:00+00:30",
        "2024-03-01T09:00:00.5+01:00", "2024-03-01T09:00:00 +01:00",
        // GMT / UTC suffixes.
        "2024-03-01T09:00:00GMT", "2024-03-01T09:00:00UTC", "2024-03-01T09:00:00gmt", "2024-03-01T09:00:00utc",
        "2024-03-01T09:00:00 GMT", "2024-03-01T09:00:00GMT+01:00", "2024-03-01T09:00:00UTC-0530",
        "2024-03-01T09:00:00GMT+", "2024-03-01T09:00:00GM", "2024-03-01T09:00:00U", "2024-03-01T09:00:00EST",
        "2024-03-01T09:00:00GMTx", "2024-03-01T09:00:00.1GMT",
        // Rollover: 24:00, leap second, out-of-range fields.
        "2024-03-01T24:00:00Z", "2024-12-31T24:00:00Z", "2024-03-01T24:00:01Z", "2024-06-30T23:59:60Z",
        "2024-03-01T23:59:61Z", "2024-03-01T23:60:00Z", "2024-03-01T99:99:99Z", "2024-03-01T100:00:00Z",
        "2024-02-30T09:00:00Z", "2023-02-29T09:00:00Z", "2024-13-01T09:00:00Z", "2024-00-01T09:00:00Z",
        "2024-03-00T09:00:00Z", "2024-03-32T09:00:00Z", "2024-3-1T9:0:0Z", "2024-03-001T09:00:00Z",
        // Years: pre-1970, Julian calendar, year 0, past 9999, signs.
        "1969-12-31T23:59:59.999Z", "1900-01-01T00:00:00Z", "1582-10-15T00:00:00Z", "1582-10-14T00:00:00Z",
        "1582-10-04T00:00:00Z", "1500-02-29T00:00:00Z", "0001-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "506714-12-31T00:00:00Z", "506715-01-01T00:00:00Z",
        "-0001-01-01T00:00:00Z", "+2024-03-01T09:00:00Z", "24-03-01T09:00:00Z",
        // Whitespace, junk, empty, non-ASCII digits.
        "", " 2024-03-01T09:00:00Z", "2024-03-01T09:00:00Z ", "2024-03-01T09:00:00Zjunk",
        "2024-03-01T09:00:00+01:00Z", "２０２４-03-01T09:00:00Z", "2024-W09-5T09:00:00Z", "2024-061T09:00:00Z",
        // NaN/Infinity and numbers as strings.
        "NaN", "Infinity", "-Infinity", "730976400", "730976400.0", "1e3",
    ]

    @Test func hardCasesMatchFoundation() {
        let codec = DateCodec(.iso8601)
        for text in Self.hardCases {
            #expect(FoundationReference.mismatch(codec, .string(text), .iso8601) == nil)
        }
    }

    @Test func numbersAreRejectedLikeFoundation() {
        let codec = DateCodec(.iso8601)
        for text in ["730976400", "1e3", "-0", "0.5"] {
            #expect(FoundationReference.mismatch(codec, .number(text), .iso8601) == nil)
        }
        #expect(throws: DateDecodingError.expectedString) { try codec.decode(.number("1")) }
    }

    /// Generated well-formed and mutated strings across the whole calendar.
    @Test func generatedValuesMatchFoundation() {
        var rng = SeededGenerator(seed: 8601)
        let codec = DateCodec(.iso8601)
        var accepted = 0
        let count = 3000
        for _ in 0..<count {
            let text = Self.generate(&rng)
            if let difference = FoundationReference.mismatch(codec, .string(text), .iso8601) {
                Issue.record("\(difference)")
            }
            if ISO8601Parser.parse(text) != nil { accepted += 1 }
        }
        #expect(accepted > count / 3)  // many generated values are valid dates
    }

    static func generate(_ rng: inout SeededGenerator) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
        func num(_ range: ClosedRange<Int>, width: Int) -> String {
            let v = String(Int.random(in: range, using: &rng))
            return String(repeating: "0", count: max(0, width - v.count)) + v
        }
        let year = pick([
            num(1970...2100, width: 4), num(0...9999, width: 4), num(1...3000, width: 4),
            num(10000...600000, width: 5), num(1580...1584, width: 4),
        ])
        let month = pick([num(1...12, width: 2), num(1...12, width: 2), num(0...13, width: 1)])
        let day = pick([num(1...28, width: 2), num(1...31, width: 2), num(0...32, width: 2)])
        let hour = pick([num(0...23, width: 2), num(0...23, width: 2), num(0...99, width: 1), "24"])
        let minute = pick([num(0...59, width: 2), num(0...59, width: 2), num(0...99, width: 2)])
        let second = pick([num(0...59, width: 2), num(0...59, width: 2), "60", num(0...99, width: 1)])
        let fraction = pick(["", "", "", "."] + (1...10).map { "." + num(0...999_999_999, width: 9).prefix($0) })
        let zone = pick([
            "Z", "Z", "z", "+01:00", "-05:30", "+0530", "-08", "+14:00", "+18:00", "-18:01",
            "GMT", "UTC", "utc+2", "GMT-03:30", "+01:00:30", "", "X", " Z",
            "+" + num(0...19, width: 2) + ":" + num(0...59, width: 2),
        ])
        let separator = pick(["T", "T", "T", "T", "t", " "])
        let tail = pick(["", "", "", "", " ", "junk", "Z"])
        return year + "-" + month + "-" + day + separator + hour + ":" + minute + ":" + second
            + fraction + zone + tail
    }
}
