/// The Swift source of the helper types the generated models use: date wrappers, unions of
/// scalars, and `JSONValue`.
enum SupportSource {
    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A property wrapper that reads and writes a date with its own strategy; the optional one
    /// comes with the `KeyedDecodingContainer` overload that lets its key be missing.
    static func writeWrapper(_ wrapper: DateWrapper, to out: inout SourceWriter) {
        let (rawType, make) = wrapper.readExpression
        let name = wrapper.name
        out.line("/// Reads a date as \(wrapper.strategy.name), whatever the decoder's date strategy.")
        out.line("@propertyWrapper")
        out.line("struct \(name): Codable, Sendable {")
        out.indent()
        out.line("var wrappedValue: Date\(wrapper.isOptional ? "?" : "")")
        out.line("")
        out.line("init(wrappedValue: Date\(wrapper.isOptional ? "?" : "")) { self.wrappedValue = wrappedValue }")
        out.line("")
        out.line("init(from decoder: any Decoder) throws {")
        out.indent()
        out.line("let container = try decoder.singleValueContainer()")
        if wrapper.isOptional {
            out.line("if container.decodeNil() {")
            out.indent()
            out.line("wrappedValue = nil")
            out.line("return")
            out.outdent()
            out.line("}")
        }
        out.line("let value = try container.decode(\(rawType).self)")
        out.line("wrappedValue = \(make)")
        out.outdent()
        out.line("}")
        out.line("")
        out.line("func encode(to encoder: any Encoder) throws {")
        out.indent()
        out.line("var container = encoder.singleValueContainer()")
        if wrapper.isOptional {
            out.line("guard let date = wrappedValue else { return try container.encodeNil() }")
        } else {
            out.line("let date = wrappedValue")
        }
        out.line("try container.encode(\(wrapper.writeExpression))")
        out.outdent()
        out.line("}")
        out.outdent()
        out.line("}")
        guard wrapper.isOptional else { return }
        out.line("")
        out.line("extension KeyedDecodingContainer {")
        out.indent()
        out.line("/// A missing key is a nil date, as for any optional property.")
        out.line("func decode(_ type: \(name).Type, forKey key: Key) throws -> \(name) {")
        out.indent()
        out.line("try decodeIfPresent(type, forKey: key) ?? \(name)(wrappedValue: nil)")
        out.outdent()
        out.line("}")
        out.outdent()
        out.line("}")
    }

    /// An enum with a case per kind of scalar, decoded by trying each in turn.
    static func writeUnion(_ union: UnionDeclaration, to out: inout SourceWriter) {
        out.line("/// \(union.note)")
        out.line("enum \(union.name): Codable, Sendable {")
        out.indent()
        for (name, type) in union.cases { out.line("case \(name)(\(type))") }
        out.line("")
        out.line("init(from decoder: any Decoder) throws {")
        out.indent()
        out.line("let container = try decoder.singleValueContainer()")
        for (name, type) in union.cases.dropLast() {
            out.line("if let value = try? container.decode(\(type).self) {")
            out.indent()
            out.line("self = .\(name)(value)")
            out.line("return")
            out.outdent()
            out.line("}")
        }
        let last = union.cases[union.cases.count - 1]
        out.line("self = .\(last.name)(try container.decode(\(last.type).self))")
        out.outdent()
        out.line("}")
        out.line("")
        out.line("func encode(to encoder: any Encoder) throws {")
        out.indent()
        out.line("var container = encoder.singleValueContainer()")
        out.line("switch self {")
        for (name, _) in union.cases { out.line("case .\(name)(let value): try container.encode(value)") }
        out.line("}")
        out.outdent()
        out.line("}")
        out.outdent()
        out.line("}")
    }

    /// Any JSON value: for fields whose samples disagree in shape, were always null, or were
    /// always empty arrays.
    static func writeJSONValue(to out: inout SourceWriter) {
        let text = """
            /// Any JSON value: where the samples disagree in shape, or say nothing of the type.
            enum JSONValue: Codable, Sendable, Hashable {
                case null
                case bool(Bool)
                case number(Double)
                case string(String)
                case array([JSONValue])
                case object([String: JSONValue])

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil() {
                        self = .null
                    } else if let value = try? container.decode(Bool.self) {
                        self = .bool(value)
                    } else if let value = try? container.decode(Double.self) {
                        self = .number(value)
                    } else if let value = try? container.decode(String.self) {
                        self = .string(value)
                    } else if let value = try? container.decode([JSONValue].self) {
                        self = .array(value)
                    } else {
                        self = .object(try container.decode([String: JSONValue].self))
                    }
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .null: try container.encodeNil()
                    case .bool(let value): try container.encode(value)
                    case .number(let value): try container.encode(value)
                    case .string(let value): try container.encode(value)
                    case .array(let value): try container.encode(value)
                    case .object(let value): try container.encode(value)
                    }
                }
            }
            """
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out.line(String(line)) }
    }
}
