/// Why a JSON value could not be read as a date. `description` reads like Foundation's
/// `DecodingError` debug description for the same input.
public enum DateDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number where the strategy expects a string (`iso8601`, `format:`).
    case expectedString
    /// A string where the strategy expects a number (`reference`, `seconds`, `milliseconds`),
    /// including `"NaN"`, `"Infinity"` and numbers written as strings.
    case expectedNumber
    /// Number text that is not JSON, or that overflows/underflows a `Double` (`1e400`).
    case invalidNumber(String)
    /// A string that `.iso8601` rejects.
    case notISO8601(String)
    /// A string that the `format:` pattern rejects.
    case formatMismatch(String)

    /// The value that was refused.
    public var value: String? {
        switch self {
        case .expectedString, .expectedNumber: nil
        case .invalidNumber(let v), .notISO8601(let v), .formatMismatch(let v): v
        }
    }

    /// Whether Foundation reports this as `DecodingError.typeMismatch` (else `.dataCorrupted`).
    public var isTypeMismatch: Bool {
        switch self {
        case .expectedString, .expectedNumber: true
        default: false
        }
    }

    /// Foundation's message, e.g. `Expected date string to be ISO8601-formatted.`
    public var description: String {
        switch self {
        case .expectedString: "Expected to decode String but found number instead."
        case .expectedNumber: "Expected to decode Double but found a string instead."
        case .invalidNumber: "The given data was not valid JSON."
        case .notISO8601: "Expected date string to be ISO8601-formatted."
        case .formatMismatch: "Date string does not match format expected by formatter."
        }
    }
}

/// Why an instant could not be written with a strategy.
public enum DateEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number to write is NaN or infinite (`JSONEncoder` refuses it too).
    case nonFinite(Double)
    /// The instant is outside the range Foundation's calendar represents
    /// (`ISO8601Formatter.supportedIntervals`); Foundation would silently clamp it.
    case outOfRange(Double)

    /// A message for the user.
    public var description: String {
        switch self {
        case .nonFinite(let v): "Unable to encode Double.\(v) directly in JSON."
        case .outOfRange(let v):
            "Date \(v) (seconds since 2001-01-01) is outside the range an ISO-8601 date can represent."
        }
    }
}
