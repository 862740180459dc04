import CodableParsing

/// Keywords on one value: type, const, enum, numbers, strings.
extension SchemaEvaluator {
    mutating func applyScalar(_ operation: Operation, _ instance: Int) -> Bool {
        let value = tape.nodes[instance]
        switch operation.code {
        case .type:
            let types = TypeSet(rawValue: UInt8(operation.a))
            if matches(types, value) { return true }
            if reporting {
                fail { e in
                    e.report(operation, instance, "expected \(types.description), found \(e.describe(instance))")
                }
            }
            return false
        case .const:
            if JSONEquality.equal(tape, instance, constants, Int(operation.a)) { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance, "expected \(e.constantText(operation.a)), found \(e.describe(instance))")
                }
            }
            return false
        case .enumeration:
            for offset in 0..<Int(operation.b)
            where JSONEquality.equal(tape, instance, constants, Int(integers[Int(operation.a) + offset])) {
                return true
            }
            if reporting {
                fail { e in
                    let shown = (0..<min(Int(operation.b), 6)).map { e.constantText(e.integers[Int(operation.a) + $0]) }
                        .joined(separator: ", ")
                    e.report(
                        operation, instance,
                        "\(e.describe(instance, withType: false)) is not one of \(shown)\(operation.b > 6 ? ", ..." : "")"
                    )
                }
            }
            return false
        case .minimum:
            guard value.kind == .number else { return true }
            let order = compare(instance, Int(operation.a))
            if order > 0 || (order == 0 && operation.b == 0) { return true }
            if reporting {
                fail { e in
                    let bound = e.program.bounds[Int(operation.a)].text
                    e.report(
                        operation, instance,
                        operation.b == 1
                            ? "\(e.text(instance)) is not greater than \(bound)"
                            : "\(e.text(instance)) is less than the minimum \(bound)")
                }
            }
            return false
        case .maximum:
            guard value.kind == .number else { return true }
            let order = compare(instance, Int(operation.a))
            if order < 0 || (order == 0 && operation.b == 0) { return true }
            if reporting {
                fail { e in
                    let bound = e.program.bounds[Int(operation.a)].text
                    e.report(
                        operation, instance,
                        operation.b == 1
                            ? "\(e.text(instance)) is not less than \(bound)"
                            : "\(e.text(instance)) is greater than the maximum \(bound)")
                }
            }
            return false
        case .multipleOf:
            guard value.kind == .number else { return true }
            let token = value.token(in: tape.bytes)
            let divisor = program.bounds.baseAddress! + Int(operation.a)
            if let integer = divisor.pointee.integer, integer > 0, let dividend = JSONNumber.smallInteger(token) {
                if dividend % integer == 0 { return true }
            } else if JSONNumber(token: token).isMultiple(of: divisor.pointee.exact) {
                return true
            }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.text(instance)) is not a multiple of \(e.program.bounds[Int(operation.a)].text)")
                }
            }
            return false
        case .minLength:
            guard value.kind == .string else { return true }
            // A string has at least (bytes / 4) scalars: skip counting when that suffices.
            if !value.hasEscapes && (value.tokenLength(in: tape.bytes) - 2) / 4 >= Int(operation.a) { return true }
            let length = scalarCount(value)
            if length >= Int(operation.a) { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.text(instance)) is \(e.plural(length, "character")), at least \(operation.a) required")
                }
            }
            return false
        case .maxLength:
            guard value.kind == .string else { return true }
            if value.tokenLength(in: tape.bytes) - 2 <= Int(operation.a) { return true }  // at most one scalar per byte
            let length = scalarCount(value)
            if length <= Int(operation.a) { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.text(instance)) is \(e.plural(length, "character")), at most \(operation.a) allowed")
                }
            }
            return false
        case .pattern:
            guard value.kind == .string else { return true }
            let expression = program.regexes[Int(operation.a)]
            if stringMatches(expression, value) { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance, "\(e.text(instance)) does not match pattern \(e.quoted(expression.source))"
                    )
                }
            }
            return false
        case .format:
            guard value.kind == .string else { return true }
            let format = StringFormat.allCases[Int(operation.a)]
            if format.accepts(value.stringValue(in: tape.bytes)) { return true }
            if reporting {
                fail { e in e.report(operation, instance, "\(e.text(instance)) is not a valid \(format.noun)") }
            }
            return false
        default:
            return true
        }
    }

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

    /// -1, 0, 1 as the number at `instance` is below, at or above bound `index`; exact.
    func compare(_ instance: Int, _ index: Int) -> Int {
        let token = tape.nodes[instance].token(in: tape.bytes)
        let bound = program.bounds.baseAddress! + index
        if let limit = bound.pointee.integer, let value = JSONNumber.smallInteger(token) {
            return value < limit ? -1 : value == limit ? 0 : 1
        }
        if let limit = bound.pointee.double, let value = ExactDecimal.double(token) {
            return value < limit ? -1 : value == limit ? 0 : 1
        }
        return JSONNumber(token: token).compare(bound.pointee.exact)
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
}
