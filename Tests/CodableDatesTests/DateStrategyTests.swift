import CodableDates
import Foundation
import Testing

@Suite struct DateStrategyTests {
    @Test func parsesEveryCLISpelling() throws {
        #expect(try DateStrategy(parsing: "reference") == .reference)
        #expect(try DateStrategy(parsing: "deferredToDate") == .reference)
        #expect(try DateStrategy(parsing: "seconds") == .seconds)
        #expect(try DateStrategy(parsing: "milliseconds") == .milliseconds)
        #expect(try DateStrategy(parsing: "iso8601") == .iso8601)
        #expect(try DateStrategy(parsing: "auto") == .auto)
        #expect(try DateStrategy(parsing: "format:yyyy-MM-dd") == .format(DateFormatPattern("yyyy-MM-dd")))
        let newYork = try DateFormatPattern.timeZone(parsing: "America/New_York")
        #expect(
            try DateStrategy(parsing: "format:HH:mm", timeZone: newYork)
                == .format(DateFormatPattern("HH:mm", timeZone: newYork)))
        #expect(try DateStrategy(parsing: "format:yyyy").name == "format:yyyy")
    }

    @Test func refusesUnknownNames() {
        #expect(throws: DateStrategyError.unknownStrategy("iso")) { try DateStrategy(parsing: "iso") }
        #expect(throws: DateStrategyError.unknownStrategy("Seconds")) { try DateStrategy(parsing: "Seconds") }
        #expect(throws: DateStrategyError.emptyPattern) { try DateStrategy(parsing: "format:") }
    }

    @Test func parsesTimeZones() throws {
        #expect(try DateFormatPattern.timeZone(parsing: "UTC").secondsFromGMT() == 0)
        #expect(try DateFormatPattern.timeZone(parsing: "+01:00").secondsFromGMT() == 3600)
        #expect(try DateFormatPattern.timeZone(parsing: "-0530").secondsFromGMT() == -19800)
        #expect(try DateFormatPattern.timeZone(parsing: "+05").secondsFromGMT() == 18000)
        #expect(try DateFormatPattern.timeZone(parsing: "GMT+02:00").secondsFromGMT() == 7200)
        #expect(try DateFormatPattern.timeZone(parsing: "Asia/Kolkata").identifier == "Asia/Kolkata")
        for bad in ["Mars/Olympus", "+25:00", "+1:00", "+01:60", "", "+"] {
            #expect(throws: DateStrategyError.unknownTimeZone(bad)) { try DateFormatPattern.timeZone(parsing: bad) }
        }
    }

    @Test func autoClassesNumbersByMagnitude() throws {
        let codec = DateCodec(.auto)
        let cases: [(String, DateKind, String)] = [
            ("730976400.0", .reference, "\"2024-03-01T09:00:00Z\""),
            ("1709283600", .seconds, "\"2024-03-01T09:00:00Z\""),
            ("1709283600000", .milliseconds, "\"2024-03-01T09:00:00Z\""),
            ("-31622400", .reference, "\"2000-01-01T00:00:00Z\""),
            ("999999999", .reference, "\"2032-09-09T01:46:39Z\""),
            ("1000000000", .seconds, "\"2001-09-09T01:46:40Z\""),
            ("100000000000", .milliseconds, "\"1973-03-03T09:46:40Z\""),
        ]
        for (number, kind, iso) in cases {
            let decoded = try codec.decode(.number(number))
            #expect(decoded.kind == kind, "\(number)")
            #expect(try codec.encode(decoded.date) == iso, "\(number)")
        }
        let string = try codec.decode(.string("2024-03-01T10:00:00+01:00"))
        #expect(string.kind == .iso8601)
        #expect(string.date.timeIntervalSinceReferenceDate == 730_976_400)
        #expect(throws: DateDecodingError.notISO8601("yesterday")) { try codec.decode(.string("yesterday")) }
    }

    @Test func errorMessagesReadLikeFoundation() {
        #expect(DateDecodingError.notISO8601("x").description == "Expected date string to be ISO8601-formatted.")
        #expect(
            DateDecodingError.formatMismatch("x").description
                == "Date string does not match format expected by formatter.")
        #expect(DateDecodingError.expectedNumber.description == "Expected to decode Double but found a string instead.")
        #expect(DateDecodingError.expectedString.description == "Expected to decode String but found number instead.")
    }
}
