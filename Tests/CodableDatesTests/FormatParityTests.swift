import CodableDates
import Foundation
import Testing

/// `format:PATTERN` agrees with `.formatted(DateFormatter)` on the same pattern and zone,
/// including DST gaps and overlaps.
@Suite struct FormatParityTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func foundationFormatter(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    static let cases: [(pattern: String, zone: TimeZone, inputs: [String])] = [
        (
            "yyyy-MM-dd", .gmt,
            [
                "2024-03-01", "2024-3-1", "2024-02-30", "1900-01-01", "0001-01-01", "x", "",
                "2024-03-01T09:00:00Z", "730976400",
            ]
        ),
        (
            "yyyy-MM-dd HH:mm", newYork,
            [
                "2024-03-10 02:30", "2024-03-10 01:59", "2024-03-10 03:00",
                "2024-11-03 01:30", "2024-11-03 00:59", "2024-11-03 02:00",
                "2024-06-01 12:00", "2024-13-01 00:00",
            ]
        ),
        (
            "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", .gmt,
            [
                "2024-03-01T09:00:00.123+01:00", "2024-03-01T09:00:00.123Z",
                "2024-03-01T09:00:00+01:00",
            ]
        ),
        ("dd/MM/yyyy HH:mm:ss", TimeZone(secondsFromGMT: 3600)!, ["01/03/2024 09:00:00", "31/12/1969 23:59:59"]),
        ("EEE, dd MMM yyyy HH:mm:ss zzz", .gmt, ["Fri, 01 Mar 2024 09:00:00 GMT", "Fri, 01 Mar 2024 09:00:00 EST"]),
    ]

    @Test func hardCasesMatchFoundation() {
        for (pattern, zone, inputs) in Self.cases {
            let codec = DateCodec(.format(DateFormatPattern(pattern, timeZone: zone)))
            let strategy = JSONDecoder.DateDecodingStrategy.formatted(Self.foundationFormatter(pattern, zone))
            for text in inputs {
                #expect(FoundationReference.mismatch(codec, .string(text), strategy) == nil)
            }
            #expect(FoundationReference.mismatch(codec, .number("730976400"), strategy) == nil)
        }
    }

    /// 1000 instants per pattern, including every hour around the 2024 New York transitions:
    /// decoding the text `JSONEncoder` writes agrees, and encoding agrees.
    @Test(arguments: 0..<4) func generatedInstantsMatchFoundation(index: Int) throws {
        let (pattern, zone, _) = Self.cases[index]
        let codec = DateCodec(.format(DateFormatPattern(pattern, timeZone: zone)))
        let formatter = Self.foundationFormatter(pattern, zone)
        var rng = SeededGenerator(seed: 35 + UInt64(index))
        var instants = (0..<1000).map { _ in Double(Int.random(in: -3_000_000_000...3_000_000_000, using: &rng)) }
        for hour in -6...6 {  // 2024-03-10T07:00Z and 2024-11-03T06:00Z, New York's transitions
            instants += [731_746_800 + Double(hour) * 1800, 752_306_400 + Double(hour) * 1800]
        }
        for t in instants {
            let date = Date(timeIntervalSinceReferenceDate: t)
            let written = try codec.encode(date)
            #expect(written == FoundationReference.encode(date, .formatted(formatter)))
            let text = formatter.string(from: date)
            #expect(FoundationReference.mismatch(codec, .string(text), .formatted(formatter)) == nil)
        }
    }

    @Test func neverDependsOnTheMachineZone() throws {
        let codec = DateCodec(try DateStrategy(parsing: "format:yyyy-MM-dd HH:mm"))
        #expect(try codec.decode(.string("2024-03-01 09:00")).date.timeIntervalSinceReferenceDate == 730_976_400)
        let paris = DateCodec(
            .format(
                DateFormatPattern(
                    "yyyy-MM-dd HH:mm",
                    timeZone: try DateFormatPattern.timeZone(parsing: "+01:00"))))
        #expect(try paris.decode(.string("2024-03-01 10:00")).date.timeIntervalSinceReferenceDate == 730_976_400)
    }
}
