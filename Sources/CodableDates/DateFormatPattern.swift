import Foundation

/// A `DateFormatter` pattern (Unicode TR35) with the time zone it is read and written in.
/// The locale is always `en_US_POSIX` and the calendar Gregorian, so results never depend on
/// the machine's locale or `TZ`.
public struct DateFormatPattern: Sendable, Hashable {
    /// The TR35 pattern, e.g. `yyyy-MM-dd'T'HH:mm:ss`.
    public var pattern: String
    /// The zone for fields the pattern does not carry (default UTC).
    public var timeZone: TimeZone

    /// Creates a pattern read in `timeZone`.
    public init(_ pattern: String, timeZone: TimeZone = .gmt) {
        self.pattern = pattern
        self.timeZone = timeZone
    }

    /// The `DateFormatter` that `JSONDecoder`/`JSONEncoder` would be given for this pattern.
    public func makeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    /// Parses a time zone's name: an IANA name (`America/New_York`), `UTC`/`GMT`/`Z`, or an
    /// offset `±HH`, `±HHMM`, `±HH:MM` (also after `UTC`/`GMT`, e.g. `UTC+01:00`).
    public static func timeZone(parsing text: String) throws(DateStrategyError) -> TimeZone {
        let upper = text.uppercased()
        if upper == "UTC" || upper == "GMT" || upper == "Z" { return .gmt }
        var rest = Substring(text)
        if upper.hasPrefix("UTC") || upper.hasPrefix("GMT"), text.count > 3 { rest = rest.dropFirst(3) }
        if let sign = rest.first, sign == "+" || sign == "-" {
            let body = rest.dropFirst()
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            var hours: Int?
            var minutes = 0
            if parts.count == 2, parts[0].count == 2, parts[1].count == 2 {
                hours = Int(parts[0])
                minutes = Int(parts[1]) ?? 99
            } else if parts.count == 1, body.count == 4 {
                hours = Int(body.prefix(2))
                minutes = Int(body.suffix(2)) ?? 99
            } else if parts.count == 1, body.count == 1 || body.count == 2 {
                hours = Int(body)
            }
            if let hours, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }),
                hours <= 18, minutes < 60,
                let zone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            {
                return zone
            }
            throw .unknownTimeZone(text)
        }
        guard text.contains("/") || TimeZone.knownTimeZoneIdentifiers.contains(text),
            let zone = TimeZone(identifier: text)
        else {
            throw .unknownTimeZone(text)
        }
        return zone
    }
}
