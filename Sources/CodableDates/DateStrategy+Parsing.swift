import Foundation

extension DateStrategy {
    /// The names accepted by `init(parsing:timeZone:)`, for help texts and completions.
    public static let spellings = ["reference", "seconds", "milliseconds", "iso8601", "format:PATTERN", "auto"]

    /// Parses the CLI spelling of a strategy.
    ///
    /// Accepts `reference`, `seconds`, `milliseconds`, `iso8601`, `auto`, `format:PATTERN`, and
    /// Foundation's names as aliases (`deferredToDate`, `secondsSince1970`,
    /// `millisecondsSince1970`). Names are case-sensitive; the pattern is taken verbatim.
    /// - Parameters:
    ///   - text: the spelling, e.g. `format:yyyy-MM-dd`.
    ///   - timeZone: the zone a `format:` pattern is read in (default UTC); ignored otherwise.
    public init(parsing text: String, timeZone: TimeZone = .gmt) throws(DateStrategyError) {
        switch text {
        case "reference", "deferredToDate": self = .reference
        case "seconds", "secondsSince1970": self = .seconds
        case "milliseconds", "millisecondsSince1970": self = .milliseconds
        case "iso8601": self = .iso8601
        case "auto": self = .auto
        default:
            guard text.hasPrefix("format:") else { throw .unknownStrategy(text) }
            let pattern = String(text.dropFirst("format:".count))
            guard !pattern.isEmpty else { throw .emptyPattern }
            self = .format(DateFormatPattern(pattern, timeZone: timeZone))
        }
    }
}
