import CodableParsing

/// Keywords on arrays: items by position, `contains`, counts, uniqueness.
extension SchemaEvaluator {
    mutating func applyArray(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        let value = tape.nodes[instance]
        guard value.kind == .array else { return true }
        let count = Int(value.count)
        switch operation.code {
        case .minItems:
            guard count < Int(operation.a) else { return true }
            if reporting { report(operation, instance, "\(plural(count, "item")), at least \(operation.a) required") }
            return false
        case .maxItems:
            guard count > Int(operation.a) else { return true }
            if reporting { report(operation, instance, "\(plural(count, "item")), at most \(operation.a) allowed") }
            return false
        case .uniqueItems:
            return uniqueItems(operation, instance)
        case .prefixItems:
            var valid = true
            var element = instance + 1
            let applied = min(Int(operation.b), count)
            for position in 0..<applied {
                if !item(operation.a + Int32(position), element, position: position) {
                    valid = false
                    if stopped { return false }
                }
                element += tape.nodes[element].span
            }
            if tracking { annotations.itemsPrefix = max(annotations.itemsPrefix, applied) }
            return valid
        case .items:
            var valid = true
            var element = instance + 1
            for position in 0..<count {
                if position >= Int(operation.b) && !item(operation.a, element, position: position) {
                    valid = false
                    if stopped { return false }
                }
                element += tape.nodes[element].span
            }
            if tracking { annotations.allItems = true }
            return valid
        case .contains:
            var matched = 0
            var element = instance + 1
            for position in 0..<count {
                instancePath.push(-(position + 1))
                var local = Annotations()
                silent += 1
                if evaluate(children[Int(operation.a)], element, &local) {
                    matched += 1
                    if tracking { annotations.evaluated(item: position) }
                }
                silent -= 1
                instancePath.pop()
                element += tape.nodes[element].span
            }
            if matched < Int(operation.b) {
                if reporting {
                    report(operation, instance, matched == 0 ? "no item matches the \"contains\" schema"
                        : "\(plural(matched, "item")) match the \"contains\" schema, at least \(operation.b) required")
                }
                return false
            }
            if operation.c >= 0 && matched > Int(operation.c) {
                if reporting { report(operation, instance, "\(plural(matched, "item")) match the \"contains\" schema, at most \(operation.c) allowed") }
                return false
            }
            return true
        case .unevaluatedItems:
            guard !annotations.allItems else { return true }
            var valid = true
            var element = instance + 1
            for position in 0..<count {
                if position >= annotations.itemsPrefix && !annotations.wasEvaluated(item: position) {
                    if !item(operation.a, element, position: position) {
                        valid = false
                        if stopped { return false }
                    }
                }
                element += tape.nodes[element].span
            }
            annotations.allItems = true
            return valid
        default:
            return true
        }
    }

    /// No two items equal (JSON equality); reports the later of the first equal pair.
    private mutating func uniqueItems(_ operation: Operation, _ instance: Int) -> Bool {
        let count = Int(tape.nodes[instance].count)
        guard count > 1 else { return true }
        var second = instance + 1 + tape.nodes[instance + 1].span
        for secondPosition in 1..<count {
            var first = instance + 1
            for firstPosition in 0..<secondPosition {
                if JSONEquality.equal(tape, first, tape, second) {
                    if reporting {
                        instancePath.push(-(secondPosition + 1))
                        report(operation, second, "item \(secondPosition) equals item \(firstPosition); items must be unique")
                        instancePath.pop()
                    }
                    return false
                }
                first += tape.nodes[first].span
            }
            second += tape.nodes[second].span
        }
        return true
    }
}
