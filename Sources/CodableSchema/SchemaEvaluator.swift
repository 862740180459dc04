import CodableParsing

/// Applies a compiled schema to one record's tape. Keeps the schema path and the instance path
/// as stacks of indices and builds strings only for a violation, so a valid record costs no
/// allocation beyond what its patterns need.
struct SchemaEvaluator {
    let tape: JSONEquality.Tape
    let compiled: UnsafeBufferPointer<CompiledNode>
    let schema: CompiledSchema
    let limit: Int
    let tracking: Bool
    var violations: [SchemaViolation] = []
    /// Inside `anyOf`, `oneOf`, `not`, `if`, `contains`: failures decide, they are not reported.
    var silent = 0
    var schemaPath: [Child] = []
    /// Key node index (>= 0) or `-(item index + 1)`, per level below the record.
    var instancePath: [Int] = []
    /// The schema resources entered, outermost first (for `$dynamicRef`).
    var scope: [Int32] = []

    static let maxDepth = 1500

    init(tape: JSONEquality.Tape, compiled: UnsafeBufferPointer<CompiledNode>, schema: CompiledSchema, limit: Int) {
        self.tape = tape
        self.compiled = compiled
        self.schema = schema
        self.limit = limit
        self.tracking = schema.tracksAnnotations
        schemaPath.reserveCapacity(64)
        instancePath.reserveCapacity(32)
        scope.reserveCapacity(8)
    }

    private var stopped: Bool { silent > 0 || violations.count >= limit }

    /// Applies `child` to the value at tape index `instance`.
    mutating func evaluate(_ child: Child, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        guard schemaPath.count < Self.maxDepth else {
            if reporting { report("$ref", instance, "the schema recurses deeper than \(Self.maxDepth) levels on this value") }
            return false
        }
        let node = compiled[Int(child.node)]
        schemaPath.append(child)
        defer { schemaPath.removeLast() }
        if let outcome = node.boolean {
            if !outcome { reportFalseSchema(instance) }
            return outcome
        }
        let enters = scope.last != node.resource
        if enters { scope.append(node.resource) }
        defer { if enters { scope.removeLast() } }
        var valid = true
        for keyword in node.keywords where !apply(keyword, instance, &annotations) {
            valid = false
            if stopped { break }
        }
        return valid
    }

    /// Applies `child` in place without reporting (a branch whose failure is not itself an error).
    private mutating func test(_ child: Child, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        silent += 1
        defer { silent -= 1 }
        return evaluate(child, instance, &annotations)
    }

    /// Applies `child` in place, keeping its annotations only when it passes.
    private mutating func inPlace(_ child: Child, _ instance: Int, _ annotations: inout Annotations, silently: Bool = false) -> Bool {
        var local = Annotations()
        let valid = silently ? test(child, instance, &local) : evaluate(child, instance, &local)
        if valid && tracking { annotations.merge(local) }
        return valid
    }

    /// Applies `child` to a member's value.
    private mutating func member(_ child: Child, key: Int) -> Bool {
        instancePath.append(key)
        defer { instancePath.removeLast() }
        var local = Annotations()
        return evaluate(child, key + 1, &local)
    }

    /// Applies `child` to an array item.
    private mutating func item(_ child: Child, _ node: Int, index: Int) -> Bool {
        instancePath.append(-(index + 1))
        defer { instancePath.removeLast() }
        var local = Annotations()
        return evaluate(child, node, &local)
    }

    // MARK: Keywords

    private mutating func apply(_ keyword: Keyword, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        let value = tape.nodes[instance]
        switch keyword.kind {
        case .type(let types):
            if matches(types, value) { return true }
            if reporting { report(keyword.name, instance, "expected \(types.description), found \(describe(instance))") }
            return false
        case .const(let constant):
            if equals(constant, instance) { return true }
            if reporting { report(keyword.name, instance, "expected \(constantText(constant)), found \(describe(instance))") }
            return false
        case .enumeration(let constants):
            for constant in constants where equals(constant, instance) { return true }
            let shown = constants.prefix(6).map(constantText).joined(separator: ", ") + (constants.count > 6 ? ", ..." : "")
            if reporting { report(keyword.name, instance, "\(describe(instance, withType: false)) is not one of \(shown)") }
            return false
        case .minimum(let bound, let exclusive):
            guard value.kind == .number else { return true }
            let order = compare(instance, bound)
            if order > 0 || (order == 0 && !exclusive) { return true }
            if reporting { report(keyword.name, instance, exclusive ? "\(text(instance)) is not greater than \(bound.text)" : "\(text(instance)) is less than the minimum \(bound.text)") }
            return false
        case .maximum(let bound, let exclusive):
            guard value.kind == .number else { return true }
            let order = compare(instance, bound)
            if order < 0 || (order == 0 && !exclusive) { return true }
            if reporting { report(keyword.name, instance, exclusive ? "\(text(instance)) is not less than \(bound.text)" : "\(text(instance)) is greater than the maximum \(bound.text)") }
            return false
        case .multipleOf(let divisor, let divisorText):
            guard value.kind == .number else { return true }
            let token = value.token(in: tape.bytes)
            if let small = JSONNumber.smallInteger(token), divisor.exponent >= 0, divisor.digits.count + divisor.exponent <= 18 {
                let integerDivisor = Int64(divisor.doubleValue)
                if small % integerDivisor == 0 { return true }
            } else if JSONNumber(token: token).isMultiple(of: divisor) {
                return true
            }
            if reporting { report(keyword.name, instance, "\(text(instance)) is not a multiple of \(divisorText)") }
            return false
        case .minLength(let minimum):
            guard value.kind == .string else { return true }
            let length = scalarCount(value)
            if length >= minimum { return true }
            if reporting { report(keyword.name, instance, "\(text(instance)) is \(plural(length, "character")), at least \(minimum) required") }
            return false
        case .maxLength(let maximum):
            guard value.kind == .string else { return true }
            let length = scalarCount(value)
            if length <= maximum { return true }
            if reporting { report(keyword.name, instance, "\(text(instance)) is \(plural(length, "character")), at most \(maximum) allowed") }
            return false
        case .pattern(let expression):
            guard value.kind == .string else { return true }
            if stringMatches(expression, value) { return true }
            if reporting { report(keyword.name, instance, "\(text(instance)) does not match pattern \(quoted(expression.source))") }
            return false
        case .format(let format):
            guard value.kind == .string else { return true }
            if format.accepts(value.stringValue(in: tape.bytes)) { return true }
            if reporting { report(keyword.name, instance, "\(text(instance)) is not a valid \(format.noun)") }
            return false
        case .minItems(let minimum):
            guard value.kind == .array, Int(value.count) < minimum else { return true }
            if reporting { report(keyword.name, instance, "\(plural(Int(value.count), "item")), at least \(minimum) required") }
            return false
        case .maxItems(let maximum):
            guard value.kind == .array, Int(value.count) > maximum else { return true }
            if reporting { report(keyword.name, instance, "\(plural(Int(value.count), "item")), at most \(maximum) allowed") }
            return false
        case .uniqueItems:
            return uniqueItems(keyword, instance)
        case .minProperties(let minimum):
            guard value.kind == .object, Int(value.count) < minimum else { return true }
            if reporting { report(keyword.name, instance, "\(plural(Int(value.count), "property", "properties")), at least \(minimum) required") }
            return false
        case .maxProperties(let maximum):
            guard value.kind == .object, Int(value.count) > maximum else { return true }
            if reporting { report(keyword.name, instance, "\(plural(Int(value.count), "property", "properties")), at most \(maximum) allowed") }
            return false
        case .required(let keys):
            guard value.kind == .object else { return true }
            var valid = true
            for key in keys where findMember(instance, key) == nil {
                valid = false
                if reporting { report(keyword.name, instance, "missing required property \(quoted(key.text))") }
                if stopped { break }
            }
            return valid
        case .dependentRequired(let rules):
            guard value.kind == .object else { return true }
            var valid = true
            for (trigger, keys) in rules where findMember(instance, trigger) != nil {
                for key in keys where findMember(instance, key) == nil {
                    valid = false
                    if reporting { report(keyword.name, instance, "missing property \(quoted(key.text)), required when \(quoted(trigger.text)) is present") }
                    if stopped { return false }
                }
            }
            return valid
        case .dependentSchemas(let rules):
            guard value.kind == .object else { return true }
            var valid = true
            for (trigger, child) in rules where findMember(instance, trigger) != nil {
                if !inPlace(child, instance, &annotations) { valid = false; if stopped { return false } }
            }
            return valid
        case .properties(let properties):
            guard value.kind == .object else { return true }
            var valid = true
            var key = instance + 1
            for _ in 0..<value.count {
                let next = key + 1 + tape.nodes[key + 1].span
                for (name, child) in properties where keyEquals(key, name) {
                    if tracking { annotations.properties.append(key) }
                    if !member(child, key: key) { valid = false; if stopped { return false } }
                    break
                }
                key = next
            }
            return valid
        case .patternProperties(let patterns):
            guard value.kind == .object else { return true }
            var valid = true
            var key = instance + 1
            for _ in 0..<value.count {
                let next = key + 1 + tape.nodes[key + 1].span
                for (expression, child) in patterns where stringMatches(expression, tape.nodes[key]) {
                    if tracking { annotations.properties.append(key) }
                    if !member(child, key: key) { valid = false; if stopped { return false } }
                }
                key = next
            }
            return valid
        case .additionalProperties(let child, let known, let patterns):
            guard value.kind == .object else { return true }
            var valid = true
            var key = instance + 1
            for _ in 0..<value.count {
                let next = key + 1 + tape.nodes[key + 1].span
                let keyNode = tape.nodes[key]
                if !known.contains(where: { keyEquals(key, $0) }) && !patterns.contains(where: { stringMatches($0, keyNode) }) {
                    if tracking { annotations.properties.append(key) }
                    if !member(child, key: key) { valid = false; if stopped { return false } }
                }
                key = next
            }
            return valid
        case .propertyNames(let child):
            guard value.kind == .object else { return true }
            var valid = true
            var key = instance + 1
            for _ in 0..<value.count {
                instancePath.append(key)
                var local = Annotations()
                let ok = evaluate(child, key, &local)
                instancePath.removeLast()
                if !ok { valid = false; if stopped { return false } }
                key += 1 + tape.nodes[key + 1].span
            }
            return valid
        case .prefixItems(let children):
            guard value.kind == .array else { return true }
            var valid = true
            var element = instance + 1
            let count = min(children.count, Int(value.count))
            for index in 0..<count {
                if !item(children[index], element, index: index) { valid = false; if stopped { return false } }
                element += tape.nodes[element].span
            }
            if tracking { annotations.itemsPrefix = max(annotations.itemsPrefix, count) }
            return valid
        case .items(let child, let from):
            guard value.kind == .array else { return true }
            var valid = true
            var element = instance + 1
            for index in 0..<Int(value.count) {
                if index >= from, !item(child, element, index: index) { valid = false; if stopped { return false } }
                element += tape.nodes[element].span
            }
            if tracking { annotations.allItems = true }
            return valid
        case .contains(let child, let minimum, let maximum):
            guard value.kind == .array else { return true }
            var matched = 0
            var element = instance + 1
            for index in 0..<Int(value.count) {
                instancePath.append(-(index + 1))
                var local = Annotations()
                if test(child, element, &local) {
                    matched += 1
                    if tracking { annotations.items.append(index) }
                }
                instancePath.removeLast()
                element += tape.nodes[element].span
            }
            if matched < minimum {
                if reporting { report(keyword.name, instance, matched == 0 ? "no item matches the \"contains\" schema" : "\(plural(matched, "item")) match the \"contains\" schema, at least \(minimum) required") }
                return false
            }
            if let maximum, matched > maximum {
                if reporting { report(keyword.name, instance, "\(plural(matched, "item")) match the \"contains\" schema, at most \(maximum) allowed") }
                return false
            }
            return true
        case .allOf(let children):
            var valid = true
            for child in children where !inPlace(child, instance, &annotations) {
                valid = false
                if stopped { break }
            }
            return valid
        case .anyOf(let children):
            var valid = false
            for child in children where inPlace(child, instance, &annotations, silently: true) {
                valid = true
                if !tracking { break }
            }
            if !valid && reporting { report(keyword.name, instance, "\(describe(instance)) matches none of the \(children.count) alternatives in \"anyOf\"") }
            return valid
        case .oneOf(let children):
            var passing: [Int] = []
            for (index, child) in children.enumerated() where inPlace(child, instance, &annotations, silently: true) {
                passing.append(index)
                if passing.count > 1 && !tracking { break }
            }
            if passing.count == 1 { return true }
            if reporting { report(keyword.name, instance, passing.isEmpty
                ? "\(describe(instance)) matches none of the \(children.count) alternatives in \"oneOf\""
                : "\(describe(instance)) matches alternatives \(passing[0]) and \(passing[1]) of \"oneOf\", exactly one allowed") }
            return false
        case .not(let child):
            var local = Annotations()
            guard test(child, instance, &local) else { return true }
            if reporting { report(keyword.name, instance, "\(describe(instance)) must not match the schema in \"not\"") }
            return false
        case .conditional(let condition, let then, let otherwise):
            if inPlace(condition, instance, &annotations, silently: true) {
                return then.map { inPlace($0, instance, &annotations) } ?? true
            }
            return otherwise.map { inPlace($0, instance, &annotations) } ?? true
        case .ref(let child):
            return inPlace(child, instance, &annotations)
        case .dynamicRef(let child, let anchor):
            var target = child
            if anchor >= 0 {
                for resource in scope {
                    let table = schema.dynamicTable[Int(resource)]
                    if anchor < table.count, table[anchor] >= 0 {
                        target = Child(node: table[anchor], segment: child.segment)
                        break
                    }
                }
            }
            return inPlace(target, instance, &annotations)
        case .unevaluatedProperties(let child):
            guard value.kind == .object else { return true }
            var valid = true
            var key = instance + 1
            for _ in 0..<value.count {
                if !annotations.properties.contains(key) {
                    if !member(child, key: key) { valid = false; if stopped { return false } }
                    annotations.properties.append(key)
                }
                key += 1 + tape.nodes[key + 1].span
            }
            return valid
        case .unevaluatedItems(let child):
            guard value.kind == .array, !annotations.allItems else { return true }
            var valid = true
            var element = instance + 1
            for index in 0..<Int(value.count) {
                if index >= annotations.itemsPrefix && !annotations.items.contains(index) {
                    if !item(child, element, index: index) { valid = false; if stopped { return false } }
                }
                element += tape.nodes[element].span
            }
            annotations.allItems = true
            return valid
        }
    }

    private mutating func uniqueItems(_ keyword: Keyword, _ instance: Int) -> Bool {
        let value = tape.nodes[instance]
        guard value.kind == .array, value.count > 1 else { return true }
        var elements: [Int] = []
        elements.reserveCapacity(Int(value.count))
        var element = instance + 1
        for _ in 0..<value.count {
            elements.append(element)
            element += tape.nodes[element].span
        }
        for second in 1..<elements.count {
            for first in 0..<second where JSONEquality.equal(tape, elements[first], tape, elements[second]) {
                instancePath.append(-(second + 1))
                if reporting { report(keyword.name, elements[second], "item \(second) equals item \(first); items must be unique") }
                instancePath.removeLast()
                return false
            }
        }
        return true
    }
}
