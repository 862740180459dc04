/// How a date is written in JSON. The same names serve input and output, and each one has
/// exactly the semantics of the Foundation strategy it names.
public enum DateStrategy: Sendable, Hashable {
    /// Seconds since 2001-01-01T00:00:00Z as a JSON number (`.deferredToDate`, Foundation's default).
    case reference
    /// Seconds since 1970-01-01T00:00:00Z as a JSON number (`.secondsSince1970`).
    case seconds
    /// Milliseconds since 1970-01-01T00:00:00Z as a JSON number (`.millisecondsSince1970`).
    case milliseconds
    /// ISO-8601 / RFC 3339 strings, exactly what `.iso8601` accepts on Swift 6.2+.
    case iso8601
    /// A `DateFormatter` pattern (Unicode TR35) read with `en_US_POSIX` in a fixed time zone
    /// (`.formatted(DateFormatter)`).
    case format(DateFormatPattern)
    /// Per value: ISO-8601 strings; numbers classed by magnitude (see `AutoDateClassifier`).
    /// Encodes as `iso8601`.
    case auto

    /// The CLI spelling: `reference`, `seconds`, `milliseconds`, `iso8601`, `format:PATTERN`, `auto`.
    public var name: String {
        switch self {
        case .reference: "reference"
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        case .iso8601: "iso8601"
        case .format(let pattern): "format:" + pattern.pattern
        case .auto: "auto"
        }
    }
}
