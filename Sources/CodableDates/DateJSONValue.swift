import Foundation

/// A JSON value handed to a date strategy: a number's raw text or a string's content.
public enum DateJSONValue: Sendable, Hashable {
    /// A JSON number exactly as written, e.g. `730976400.0` or `1e3`.
    case number(String)
    /// The (unescaped) content of a JSON string, e.g. `2024-03-01T09:00:00Z`.
    case string(String)
}

/// How a date was read; `auto` reports the class it chose so the CLI can explain it.
public enum DateKind: String, Sendable, Hashable, CaseIterable {
    /// Seconds since 2001-01-01 (`reference`).
    case reference
    /// Seconds since 1970 (`seconds`).
    case seconds
    /// Milliseconds since 1970 (`milliseconds`).
    case milliseconds
    /// An ISO-8601 string (`iso8601`).
    case iso8601
    /// A `format:` pattern.
    case format
}

/// A decoded instant and how it was read.
public struct DecodedDate: Sendable, Hashable {
    /// The instant.
    public var date: Date
    /// The strategy (or, for `auto`, the class) that read it.
    public var kind: DateKind

    /// Creates a decoded date.
    public init(date: Date, kind: DateKind) {
        self.date = date
        self.kind = kind
    }
}
