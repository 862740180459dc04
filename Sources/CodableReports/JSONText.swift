import CodableParsing

/// JSON string literals for the report writers: RFC 8259 escapes only (`"`, `\`, and the
/// control characters), everything else as UTF-8.
enum JSONText {
    /// `text` as a quoted JSON string.
    static func quote(_ text: String) -> String {
        var quoted = ""
        appendQuoted(text, to: &quoted)
        return quoted
    }

    /// `text` quoted, or `null`.
    static func quote(_ text: String?) -> String {
        text.map { quote($0) } ?? "null"
    }

    /// Appends `text` as a quoted JSON string, as `JSONString.quoted` writes it: in place when
    /// nothing in it is escaped (most keys and values of a report).
    static func appendQuoted(_ text: String, to out: inout String) {
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out += JSONString.quoted(text)
            return
        }
        out += "\""
        out += text
        out += "\""
    }

    /// A JSON object from members in the given order (values already JSON).
    static func object(_ members: [(String, String)]) -> String {
        var object = JSONObjectText(capacity: members.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 6 })
        for (key, value) in members { object.add(key, json: value) }
        return object.finish()
    }
}

/// A JSON object written member by member into one string, as `JSONText.object` writes one:
/// `{"key": value, …}`. Built from a list of members, each made a string first, a problem's
/// object would be a large share of a JSON report's time where every record is bad.
struct JSONObjectText {
    private var text = "{"
    private var isEmpty = true

    /// An empty object, with room for `capacity` bytes.
    init(capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// A member whose value is JSON already.
    mutating func add(_ key: String, json value: String) {
        startMember(key)
        text += value
    }

    /// A member whose value is `value` as a JSON string.
    mutating func add(_ key: String, string value: String) {
        startMember(key)
        JSONText.appendQuoted(value, to: &text)
    }

    /// A member whose value is an integer.
    mutating func add(_ key: String, _ value: Int) {
        startMember(key)
        text += String(value)
    }

    /// The object, closed.
    consuming func finish() -> String {
        text += "}"
        return text
    }

    private mutating func startMember(_ key: String) {
        if !isEmpty { text += ", " }
        isEmpty = false
        JSONText.appendQuoted(key, to: &text)
        text += ": "
    }
}
