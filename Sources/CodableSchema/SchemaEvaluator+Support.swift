import CodableParsing

/// Turning a failure into a `SchemaViolation`: the only place the evaluator builds strings.
extension SchemaEvaluator {
    /// Violations are being recorded (not inside a silent branch, limit not reached): callers
    /// check it before building a message.
    var reporting: Bool { silent == 0 && reported < limit }

    /// Runs `body`, which builds and records a violation, in a frame of its own: the message
    /// strings then cost the keyword functions no stack, which keeps deep recursion shallow.
    @inline(never)
    mutating func fail(_ body: (inout SchemaEvaluator) -> Void) {
        body(&self)
    }

    mutating func report(_ operation: Operation, _ instance: Int, _ message: String) {
        report(program.keywordNames[Int(operation.name)], instance, message)
    }

    mutating func report(_ keyword: String, _ instance: Int, _ message: String) {
        guard reporting else { return }
        var location = ""
        var followedRef = false
        for step in schemaPath.elements {
            if step.segment >= SchemaCompiler.refSegment && step.segment <= SchemaCompiler.recursiveRefSegment {
                followedRef = true
            }
            location += program.segments[Int(step.segment)]
        }
        let top = schemaPath.last.map { Int($0.node) } ?? 0
        let isFalseSchema = nodes[top].boolean == 0
        if !isFalseSchema { location += "/" + keyword }
        let base = program.absoluteLocations[top]
        let absolute = followedRef ? (isFalseSchema ? base : base + "/" + keyword) : nil
        reported += 1
        deliver(
            SchemaViolation(
                node: instance, instancePath: pointer(), keywordLocation: location, absoluteKeywordLocation: absolute,
                keyword: keyword, message: message))
    }

    /// A `false` schema: says what it forbids, in the words of the keyword that led there.
    mutating func reportFalseSchema(_ instance: Int) {
        guard reporting else { return }
        let segment = schemaPath.last.map { program.segments[Int($0.segment)] } ?? ""
        let keyword = segment.split(separator: "/").first.map(String.init) ?? ""
        let last = instancePath.last
        let message: String
        switch keyword {
        case "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "dependentSchemas",
            "dependencies":
            message =
                last.map {
                    $0 >= 0
                        ? "property \(quoted(tape.nodes[$0].stringValue(in: tape.bytes))) is not allowed"
                        : "the value is not allowed"
                } ?? "the value is not allowed"
        case "items", "prefixItems", "additionalItems", "unevaluatedItems":
            message =
                last.map { $0 < 0 ? "item \(-$0 - 1) is not allowed" : "the value is not allowed" }
                ?? "the value is not allowed"
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
        for step in instancePath.elements {
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
        case .array:
            return withType
                ? "array of \(plural(JSONNode.memberCount(of: instance, in: tape.nodes), "item"))" : "the array"
        case .object: return withType ? "object" : "the object"
        }
    }

    /// The value's source text, shortened when long.
    func text(_ instance: Int) -> String {
        shortened(tape.nodes[instance], in: tape)
    }

    /// A `const`/`enum` value as written in the schema (containers by kind).
    func constantText(_ root: Int32) -> String {
        let node = constants.nodes[Int(root)]
        switch node.kind {
        case .array: return "an array"
        case .object: return "an object"
        default: return shortened(node, in: constants)
        }
    }

    private func shortened(_ node: JSONNode, in tape: JSONEquality.Tape) -> String {
        let text = String(decoding: node.token(in: tape.bytes), as: UTF8.self)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + (node.kind == .string ? "…\"" : "…")
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
