import CodableParsing

/// Keywords on arrays: items by position, `contains`, counts, uniqueness.
extension SchemaEvaluator {
    mutating func applyArray(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        let value = tape.nodes[instance]
        guard value.kind == .array else { return true }
        // Where the items end: items are stepped over up to there, and counted only where their
        // number is asked for.
        let end = instance + value.span
        switch operation.code {
        case .minItems:
            let count = JSONNode.memberCount(of: instance, in: tape.nodes)
            guard count < Int(operation.a) else { return true }
            if reporting {
                fail { e in
                    e.report(operation, instance, "\(e.plural(count, "item")), at least \(operation.a) required")
                }
            }
            return false
        case .maxItems:
            let count = JSONNode.memberCount(of: instance, in: tape.nodes)
            guard count > Int(operation.a) else { return true }
            if reporting {
                fail { e in e.report(operation, instance, "\(e.plural(count, "item")), at most \(operation.a) allowed")
                }
            }
            return false
        case .uniqueItems:
            return uniqueItems(operation, instance)
        case .prefixItems:
            return applyPrefixItems(operation, instance, end, &annotations)
        case .items:
            return applyItems(operation, instance, end, &annotations)
        case .contains:
            return applyContains(operation, instance, end, &annotations)
        case .unevaluatedItems:
            return applyUnevaluatedItems(operation, instance, end, &annotations)
        default:
            return true
        }
    }

    /// No two items equal (JSON equality); reports the later of the first equal pair.
    private mutating func uniqueItems(_ operation: Operation, _ instance: Int) -> Bool {
        let count = JSONNode.memberCount(of: instance, in: tape.nodes)
        guard count > 1 else { return true }
        if count > 16 { return uniqueItemsHashed(operation, instance, count) }
        var second = instance + 1 + tape.nodes[instance + 1].span
        for secondPosition in 1..<count {
            var first = instance + 1
            for firstPosition in 0..<secondPosition {
                if JSONEquality.equal(tape, first, tape, second) {
                    if reporting {
                        fail { e in
                            e.instancePath.push(-(secondPosition + 1))
                            e.report(
                                operation, second,
                                "item \(secondPosition) equals item \(firstPosition); items must be unique")
                            e.instancePath.pop()
                        }
                    }
                    return false
                }
                first += tape.nodes[first].span
            }
            second += tape.nodes[second].span
        }
        return true
    }

    private mutating func applyPrefixItems(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var element = instance + 1
        var applied = 0
        while applied < Int(operation.b) && element < end {
            if !item(operation.a + Int32(applied), element, position: applied) {
                valid = false
                if stopped { return false }
            }
            element += tape.nodes[element].span
            applied += 1
        }
        if tracking { annotations.itemsPrefix = max(annotations.itemsPrefix, applied) }
        return valid
    }

    private mutating func applyItems(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var element = instance + 1
        var position = 0
        while element < end {
            if position >= Int(operation.b) && !item(operation.a, element, position: position) {
                valid = false
                if stopped { return false }
            }
            element += tape.nodes[element].span
            position += 1
        }
        if tracking { annotations.allItems = true }
        return valid
    }

    private mutating func applyContains(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var matched = 0
        var element = instance + 1
        var position = -1
        while element < end {
            position += 1
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
                fail { e in
                    e.report(
                        operation, instance,
                        matched == 0
                            ? "no item matches the \"contains\" schema"
                            : "\(e.plural(matched, "item")) match the \"contains\" schema, at least \(operation.b) required"
                    )
                }
            }
            return false
        }
        if operation.c >= 0 && matched > Int(operation.c) {
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.plural(matched, "item")) match the \"contains\" schema, at most \(operation.c) allowed")
                }
            }
            return false
        }
        return true
    }

    private mutating func applyUnevaluatedItems(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        guard !annotations.allItems else { return true }
        var valid = true
        var element = instance + 1
        var position = 0
        while element < end {
            if position >= annotations.itemsPrefix && !annotations.wasEvaluated(item: position) {
                if !item(operation.a, element, position: position) {
                    valid = false
                    if stopped { return false }
                }
            }
            element += tape.nodes[element].span
            position += 1
        }
        annotations.allItems = true
        return valid
    }

    /// `uniqueItems` on a long array: items grouped by hash, only equal hashes compared, so a
    /// large array costs n log n, not n².
    private mutating func uniqueItemsHashed(_ operation: Operation, _ instance: Int, _ count: Int) -> Bool {
        // Each item as one number, its hash's low 32 bits over its node's offset from the array:
        // sorted, equal hashes sit together in item order. A tuple of three Ints each would hold
        // a huge array of strings several times over while it is checked.
        var items: [UInt64] = []
        items.reserveCapacity(count)
        var element = instance + 1
        for _ in 0..<count {
            let hash = UInt64(UInt32(truncatingIfNeeded: JSONEquality.hash(tape, element)))
            items.append(hash << 32 | UInt64(element - instance))
            element += tape.nodes[element].span
        }
        items.sort()
        func node(_ item: UInt64) -> Int { instance + Int(item & 0xFFFF_FFFF) }
        var duplicate: (first: Int, second: Int)?  // nodes
        var start = 0
        while start < items.count {
            var end = start + 1
            while end < items.count && items[end] >> 32 == items[start] >> 32 { end += 1 }
            for later in (start + 1)..<max(end, start + 1) {
                for earlier in start..<later
                where JSONEquality.equal(tape, node(items[earlier]), tape, node(items[later])) {
                    if duplicate == nil || node(items[later]) < duplicate!.second {
                        duplicate = (node(items[earlier]), node(items[later]))
                    }
                    break
                }
            }
            start = end
        }
        guard let duplicate else { return true }
        let first = position(of: duplicate.first, in: instance)
        let second = position(of: duplicate.second, in: instance)
        if reporting {
            fail { e in
                e.instancePath.push(-(second + 1))
                e.report(operation, duplicate.second, "item \(second) equals item \(first); items must be unique")
                e.instancePath.pop()
            }
        }
        return false
    }

    /// The position of the item at node `item` in the array at `instance`.
    private func position(of item: Int, in instance: Int) -> Int {
        var position = 0
        var element = instance + 1
        while element < item {
            element += tape.nodes[element].span
            position += 1
        }
        return position
    }
}
