/// Why a strategy or time-zone spelling was refused.
public enum DateStrategyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not one of `DateStrategy.spellings`.
    case unknownStrategy(String)
    /// `format:` with nothing after it.
    case emptyPattern
    /// Neither an IANA time-zone name nor an offset such as `+01:00`.
    case unknownTimeZone(String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .unknownStrategy(let name):
            "Unknown date strategy '\(name)'; expected one of: "
                + DateStrategy.spellings.joined(separator: ", ") + "."
        case .emptyPattern:
            "The date strategy 'format:' needs a pattern, e.g. 'format:yyyy-MM-dd'."
        case .unknownTimeZone(let name):
            "Unknown time zone '\(name)'; expected an IANA name (Europe/Paris), UTC, or an offset (+01:00)."
        }
    }
}
