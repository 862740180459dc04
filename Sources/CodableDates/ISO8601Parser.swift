import Foundation

/// A byte-level ISO-8601 parser that accepts exactly what Foundation's `Date.ISO8601FormatStyle()`
/// (and so `JSONDecoder`'s `.iso8601` strategy) accepts on Swift 6.2+, and yields the same `Date`,
/// bit for bit. It never goes through `DateFormatter` or `ISO8601DateFormatter`.
///
/// Grammar, as Foundation reads it (every number is 1 to 10 ASCII digits unless noted):
///
///     year '-' month '-' day 'T' hour ':' minute ':' second ['.' 1-9 digits] zone [anything]
///     zone = 'Z' | 'z' | ('+'|'-') offset | ('GMT'|'UTC', any case) [('+'|'-') offset]
///     offset = HH(1-2 digits) [[':'] MM(1-2 digits) [[':'] SS(1-2 digits)]]
///
/// Surprising but matched: month must be 1...12 and day 1...31 (Feb 30 rolls into March);
/// hour, minute and second are not range-checked and roll over (`24:00:00`, `23:59:60`, `99:99:99`);
/// only uppercase `T` separates date and time; anything after a complete zone is ignored;
/// offsets up to ±18:00 are accepted; dates before 1582-10-15 are Julian-calendar dates.
public enum ISO8601Parser {
    /// The largest year Foundation accepts (found empirically on Swift 6.3.1).
    static let maximumYear = 506_714
    /// Foundation rejects component values that do not fit in 32 bits.
    static let maximumComponent = Int(Int32.max)

    /// Parses a string; returns nil where Foundation's `.iso8601` strategy throws.
    public static func parse(_ string: String) -> Date? {
        var string = string
        let interval = string.withUTF8 { parseInterval($0) }
        return interval.map(Date.init(timeIntervalSinceReferenceDate:))
    }

    /// Parses UTF-8 bytes into seconds since 2001-01-01T00:00:00Z; nil when not accepted.
    public static func parseInterval(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var s = ByteCursor(bytes)
        guard !bytes.isEmpty,
            let year = s.digits(), s.expect(UInt8(ascii: "-")),
            let month = s.digits(), s.expect(UInt8(ascii: "-")),
            let day = s.digits(), s.expect(UInt8(ascii: "T")),
            let hour = s.digits(), s.expect(UInt8(ascii: ":")),
            let minute = s.digits(), s.expect(UInt8(ascii: ":")),
            let second = s.digits()
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var nanosecond = 0
        if s.peek() == UInt8(ascii: ".") {
            s.advance()
            guard let fraction = s.fraction() else { return nil }
            nanosecond = fraction
        }
        guard let offset = parseZone(&s) else { return nil }
        guard year <= maximumYear, hour <= maximumComponent, minute <= maximumComponent,
            second <= maximumComponent,
            let jd = CivilCalendar.foundationJulianDay(year: year, month: month, day: day)
        else { return nil }
        return CivilCalendar.interval(
            julianDay: jd, hour: hour, minute: minute, second: second,
            nanosecond: nanosecond, offsetSeconds: offset)
    }

    /// The zone designator; returns the offset east of UTC in seconds.
    private static func parseZone(_ s: inout ByteCursor) -> Int? {
        guard let first = s.next() else { return nil }
        var positive = true
        switch first | 0x20 {  // ASCII lowercase
        case UInt8(ascii: "z"):
            return 0
        case UInt8(ascii: "g"), UInt8(ascii: "u"):
            let expected: (UInt8, UInt8) =
                first | 0x20 == UInt8(ascii: "g")
                ? (UInt8(ascii: "m"), UInt8(ascii: "t")) : (UInt8(ascii: "t"), UInt8(ascii: "c"))
            guard let a = s.next(), a | 0x20 == expected.0,
                let b = s.next(), b | 0x20 == expected.1
            else { return nil }
            switch s.peek() {
            case UInt8(ascii: "+"): s.advance()
            case UInt8(ascii: "-"):
                s.advance()
                positive = false
            default: return 0
            }
        default:
            if first == UInt8(ascii: "+") {
                positive = true
            } else if first == UInt8(ascii: "-") {
                positive = false
            } else {
                return nil
            }
        }
        guard let hours = s.digits(max: 2) else { return nil }
        var offset = hours * 3600
        var expectMinutes = false
        if let next = s.peek() {
            if next == UInt8(ascii: ":") {
                s.advance()
                expectMinutes = true
            } else if ByteCursor.isDigit(next) {
                expectMinutes = true
            }
        }
        if expectMinutes {
            guard let minutes = s.digits(max: 2) else { return nil }
            offset += minutes * 60
            if s.peek() == UInt8(ascii: ":") { s.advance() }
            if let next = s.peek(), ByteCursor.isDigit(next) {
                guard let seconds = s.digits(max: 2) else { return nil }
                offset += seconds
            }
        }
        guard offset <= 18 * 3600 else { return nil }
        return positive ? offset : -offset
    }
}
