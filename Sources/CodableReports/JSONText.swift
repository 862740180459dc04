/// JSON string literals for the report writers: RFC 8259 escapes only (`"`, `\`, and the
/// control characters), everything else as UTF-8.
enum JSONText {
    /// `text` as a quoted JSON string.
    static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `text` quoted, or `null`.
    static func quote(_ text: String?) -> String {
        text.map { quote($0) } ?? "null"
    }

    /// A JSON object from members in the given order (values already JSON).
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
