import CodableParsing

/// A JSON value whose objects keep their members in the order they were added, so a generated
/// schema prints the same bytes every time.
public indirect enum SchemaValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as JSON text (`0`, `-128`, `1.7976931348623158e308`).
    case number(String)
    case string(String)
    case array([SchemaValue])
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: SchemaValue

        /// Creates a member.
        public init(_ key: String, _ value: SchemaValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from members in this order.
    static func object(_ members: KeyValuePairs<String, SchemaValue>) -> SchemaValue {
        .object(members.map { Member($0.key, $0.value) })
    }

    /// An integer.
    static func integer(_ value: some BinaryInteger) -> SchemaValue { .number(String(value)) }

    /// The member's value for `key`, when this is an object that has one.
    public subscript(key: String) -> SchemaValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The same object with `key` set to `value` (replaced in place, else added at the end).
    func setting(_ key: String, _ value: SchemaValue) -> SchemaValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
        return .object(members)
    }

    /// Pretty-printed JSON text: two spaces per level, `"key": value`, a newline at the end.
    public var prettyText: String {
        var text = ""
        write(to: &text, level: 0)
        return text + "\n"
    }

    private func write(to text: inout String, level: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value
        case .string(let value): text += JSONString.quoted(value)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "["
            for (offset, element) in elements.enumerated() {
                text += (offset == 0 ? "\n" : ",\n") + Self.indent(level + 1)
                element.write(to: &text, level: level + 1)
            }
            text += "\n" + Self.indent(level) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{"
            for (offset, member) in members.enumerated() {
                text += (offset == 0 ? "\n" : ",\n") + Self.indent(level + 1) + JSONString.quoted(member.key) + ": "
                member.value.write(to: &text, level: level + 1)
            }
            text += "\n" + Self.indent(level) + "}"
        }
    }

    private static func indent(_ level: Int) -> String { String(repeating: " ", count: level * 2) }
}
