import CodableParsing

/// Reading the tape, and turning a failure into a `SchemaViolation` (the only place strings
/// are built).
extension SchemaEvaluator {
    // MARK: Values

    func matches(_ types: TypeSet, _ value: JSONNode) -> Bool {
        switch value.kind {
        case .null: return types.contains(.null)
        case .true, .false: return types.contains(.boolean)
        case .object: return types.contains(.object)
        case .array: return types.contains(.array)
        case .string: return types.contains(.string)
        case .number:
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            let token = value.token(in: tape.bytes)
            if !token.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) { return true }
            return JSONNumber(token: token).isInteger
        }
    }

    func equals(_ constant: ConstantValue, _ instance: Int) -> Bool {
        constant.nodes.withUnsafeBufferPointer { nodes in
            constant.bytes.withUnsafeBufferPointer { bytes in
                let other = JSONEquality.Tape(nodes: nodes.baseAddress!, bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                return JSONEquality.equal(tape, instance, other, 0)
            }
        }
    }

    /// -1, 0, 1 as the number at `instance` is below, at or above `bound`; exact.
    func compare(_ instance: Int, _ bound: NumberBound) -> Int {
        let token = tape.nodes[instance].token(in: tape.bytes)
        if let limit = bound.integer, let value = JSONNumber.smallInteger(token) {
            return value < limit ? -1 : value == limit ? 0 : 1
        }
        if let limit = bound.double, let value = JSONNumber.exactDouble(token) {
            return value < limit ? -1 : value == limit ? 0 : 1
        }
        return JSONNumber(token: token).compare(bound.exact)
    }

    /// A string's length in Unicode scalars.
    func scalarCount(_ value: JSONNode) -> Int {
        withContent(value) { content in content.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    func stringMatches(_ expression: SchemaRegex, _ value: JSONNode) -> Bool {
        withContent(value) { expression.matches($0) }
    }

    /// A string node's content (escapes resolved; copied only when it has escapes).
    func withContent<R>(_ value: JSONNode, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let token = value.token(in: tape.bytes)
        if value.hasEscapes {
            return JSONString.unescape(token).withUnsafeBufferPointer(body)
        }
        return body(UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)]))
    }

    func keyEquals(_ key: Int, _ name: PropertyKey) -> Bool {
        let node = tape.nodes[key]
        if !node.hasEscapes {
            guard Int(node.length) == name.bytes.count + 2 else { return false }
            let token = node.token(in: tape.bytes)
            return name.bytes.withUnsafeBufferPointer { expected in
                var index = 0
                while index < expected.count {
                    if token[index + 1] != expected[index] { return false }
                    index += 1
                }
                return true
            }
        }
        return node.stringBytes(in: tape.bytes) == name.bytes
    }

    /// The key node of member `name` of the object at `object`.
    func findMember(_ object: Int, _ name: PropertyKey) -> Int? {
        var key = object + 1
        for _ in 0..<tape.nodes[object].count {
            if keyEquals(key, name) { return key }
            key += 1 + tape.nodes[key + 1].span
        }
        return nil
    }

    // MARK: Violations

    /// Violations are being recorded (not inside a silent branch, limit not reached): callers
    /// check it before building a message.
    var reporting: Bool { silent == 0 && violations.count < limit }

    mutating func report(_ keyword: String, _ instance: Int, _ message: String) {
        guard reporting else { return }
        var location = ""
        var followedRef = false
        for step in schemaPath {
            if step.segment == SchemaCompiler.refSegment || step.segment == SchemaCompiler.dynamicRefSegment { followedRef = true }
            location += schema.segments[Int(step.segment)]
        }
        let top = schemaPath.last.map { compiled[Int($0.node)].absoluteLocation } ?? ""
        let isFalseSchema = schemaPath.last.map { compiled[Int($0.node)].boolean == false } ?? false
        if !isFalseSchema { location += "/" + keyword }
        let absolute = followedRef ? (isFalseSchema ? top : top + "/" + keyword) : nil
        violations.append(SchemaViolation(node: instance, instancePath: pointer(), keywordLocation: location, absoluteKeywordLocation: absolute, keyword: keyword, message: message))
    }

    /// A `false` schema: says what it forbids, in the words of the keyword that led there.
    mutating func reportFalseSchema(_ instance: Int) {
        guard silent == 0, violations.count < limit else { return }
        let segment = schemaPath.last.map { schema.segments[Int($0.segment)] } ?? ""
        let keyword = segment.split(separator: "/").first.map(String.init) ?? ""
        let last = instancePath.last
        let message: String
        switch keyword {
        case "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "dependentSchemas":
            message = last.map { $0 >= 0 ? "property \(quoted(tape.nodes[$0].stringValue(in: tape.bytes))) is not allowed" : "the value is not allowed" } ?? "the value is not allowed"
        case "items", "prefixItems", "additionalItems", "unevaluatedItems":
            message = last.map { $0 < 0 ? "item \(-$0 - 1) is not allowed" : "the value is not allowed" } ?? "the value is not allowed"
        case "propertyNames":
            message = "property name \(text(instance)) is not allowed"
        default:
            message = "no value is allowed here (the schema is false)"
        }
        report(keyword.isEmpty ? "false" : keyword, instance, message)
    }

    /// The instance path as a JSON Pointer.
    func pointer() -> String {
        var result = ""
        for step in instancePath {
            result += "/"
            if step < 0 {
                result += String(-step - 1)
            } else {
                result += SchemaRegistry.escape(tape.nodes[step].stringValue(in: tape.bytes))
            }
        }
        return result
    }

    /// `number 42`, `string "abc"`, `object`, `null`.
    func describe(_ instance: Int, withType: Bool = true) -> String {
        let value = tape.nodes[instance]
        switch value.kind {
        case .null: return "null"
        case .true: return withType ? "boolean true" : "true"
        case .false: return withType ? "boolean false" : "false"
        case .number: return (withType ? "number " : "") + text(instance)
        case .string: return (withType ? "string " : "") + text(instance)
        case .array: return withType ? "array of \(plural(Int(value.count), "item"))" : "the array"
        case .object: return withType ? "object" : "the object"
        }
    }

    /// The value's source text, shortened when long.
    func text(_ instance: Int) -> String {
        let token = tape.nodes[instance].token(in: tape.bytes)
        let text = String(decoding: token, as: UTF8.self)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + (tape.nodes[instance].kind == .string ? "…\"" : "…")
    }

    func constantText(_ constant: ConstantValue) -> String {
        let root = constant.nodes[0]
        switch root.kind {
        case .array: return "an array"
        case .object: return "an object"
        default:
            let text = String(decoding: constant.bytes[Int(root.start)..<Int(root.start + root.length)], as: UTF8.self)
            return text.count > 60 ? String(text.prefix(57)) + "…" : text
        }
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : pluralForm ?? singular + "s")
    }
}
