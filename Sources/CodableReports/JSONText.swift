import CodableParsing

/// JSON string literals for the report writers: RFC 8259 escapes only (`"`, `\`, and the
/// control characters), everything else as UTF-8.
enum JSONText {
    /// `text` as a quoted JSON string.
    static func quote(_ text: String) -> String { JSONString.quoted(text) }

    /// `text` quoted, or `null`.
    static func quote(_ text: String?) -> String {
        text.map { quote($0) } ?? "null"
    }

    /// A JSON object from members in the given order (values already JSON).
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
