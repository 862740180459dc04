import CodableParsing

/// Keywords on objects: their members, required and dependent members, names, counts.
extension SchemaEvaluator {
    mutating func applyObject(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        let value = tape.nodes[instance]
        guard value.kind == .object else { return true }
        // Where the members end: members are stepped over up to there, and counted only where
        // their number is asked for.
        let end = instance + value.span
        switch operation.code {
        case .minProperties:
            let count = JSONNode.memberCount(of: instance, in: tape.nodes)
            guard count < Int(operation.a) else { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.plural(count, "property", "properties")), at least \(operation.a) required")
                }
            }
            return false
        case .maxProperties:
            let count = JSONNode.memberCount(of: instance, in: tape.nodes)
            guard count > Int(operation.a) else { return true }
            if reporting {
                fail { e in
                    e.report(
                        operation, instance,
                        "\(e.plural(count, "property", "properties")), at most \(operation.a) allowed")
                }
            }
            return false
        case .required:
            return applyRequired(operation, instance, end, &annotations)
        case .dependentRequired:
            return applyDependentRequired(operation, instance, end, &annotations)
        case .dependentSchemas:
            return applyDependentSchemas(operation, instance, end, &annotations)
        case .properties:
            return applyProperties(operation, instance, end, &annotations)
        case .patternProperties:
            return applyPatternProperties(operation, instance, end, &annotations)
        case .additionalProperties:
            return applyAdditionalProperties(operation, instance, end, &annotations)
        case .propertyNames:
            return applyPropertyNames(operation, instance, end, &annotations)
        case .unevaluatedProperties:
            return applyUnevaluatedProperties(operation, instance, end, &annotations)
        default:
            return true
        }
    }

    /// The member key at `key` is named in `properties` or matches a `patternProperties` regex.
    private func isListed(_ key: Int, known: Int, patterns: Int, hint: inout Int) -> Bool {
        let names = Int(integers[known])
        for step in 0..<names {
            let index = hint + step < names ? hint + step : hint + step - names
            if keyEquals(key, integers[known + 1 + index]) {
                hint = index + 1 == names ? 0 : index + 1
                return true
            }
        }
        let count = Int(integers[patterns])
        guard count > 0 else { return false }
        let node = tape.nodes[key]
        for index in 0..<count where stringMatches(program.regexes[Int(integers[patterns + 1 + index])], node) {
            return true
        }
        return false
    }

    /// The member key at tape index `key` equals program key `index`.
    @inline(__always)
    func keyEquals(_ key: Int, _ index: Int32) -> Bool {
        let node = tape.nodes[key]
        let entry = keys[Int(index)]
        if !node.hasEscapes {
            guard node.tokenLength(in: tape.bytes) == Int(entry.length) + 2 else { return false }
            let token = UnsafeRawPointer(tape.bytes + Int(node.start) + 1)
            let expected = UnsafeRawPointer(keyBytes + Int(entry.offset))
            let length = Int(entry.length)
            var offset = 0
            while offset + 8 <= length {
                if token.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            while offset < length {
                if token.load(fromByteOffset: offset, as: UInt8.self)
                    != expected.load(fromByteOffset: offset, as: UInt8.self)
                {
                    return false
                }
                offset += 1
            }
            return true
        }
        let content = node.stringBytes(in: tape.bytes)
        return content.count == Int(entry.length)
            && content.withUnsafeBufferPointer { buffer in
                (0..<buffer.count).allSatisfy { buffer[$0] == keyBytes[Int(entry.offset) + $0] }
            }
    }

    /// The key node of member `index` (a program key) of the object at `object`.
    func findMember(_ object: Int, _ index: Int32) -> Int? {
        var cursor = object + 1
        return findMember(object, index, from: &cursor)
    }

    /// The key node of member `index`, searching from the member at `cursor` to the last, then
    /// from the first back to it; on success the cursor moves past the member found.
    func findMember(_ object: Int, _ index: Int32, from cursor: inout Int) -> Int? {
        let first = object + 1
        let end = first + tape.nodes[object].size
        guard first < end else { return nil }
        let start = cursor < end ? cursor : first
        var key = start
        repeat {
            let next = key + 1 + tape.nodes[key + 1].span
            if keyEquals(key, index) {
                cursor = next
                return key
            }
            key = next < end ? next : first  // past the last member: round to the first
        } while key != start
        return nil
    }

    private mutating func applyRequired(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var cursor = instance + 1  // members usually come in the order the schema lists them
        for offset in 0..<Int(operation.b) {
            let key = integers[Int(operation.a) + offset]
            if findMember(instance, key, from: &cursor) != nil { continue }
            valid = false
            if reporting {
                fail { e in
                    e.report(operation, instance, "missing required property \(e.quoted(e.program.keyTexts[Int(key)]))")
                }
            }
            if stopped { break }
        }
        return valid
    }

    private mutating func applyDependentRequired(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        for offset in 0..<Int(operation.b) {
            let rule = pairs[Int(operation.a) + offset]
            guard findMember(instance, rule.first) != nil else { continue }
            let list = Int(rule.second)
            for index in 0..<Int(integers[list]) {
                let key = integers[list + 1 + index]
                guard findMember(instance, key) == nil else { continue }
                valid = false
                if reporting {
                    fail { e in
                        e.report(
                            operation, instance,
                            "missing property \(e.quoted(e.program.keyTexts[Int(key)])), required when \(e.quoted(e.program.keyTexts[Int(rule.first)])) is present"
                        )
                    }
                }
                if stopped { return false }
            }
        }
        return valid
    }

    private mutating func applyDependentSchemas(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        for offset in 0..<Int(operation.b) {
            let rule = pairs[Int(operation.a) + offset]
            if findMember(instance, rule.first) != nil && !inPlace(rule.second, instance, &annotations) {
                valid = false
                if stopped { return false }
            }
        }
        return valid
    }

    private mutating func applyProperties(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var key = instance + 1
        let entries = Int(operation.b)
        var hint = 0  // members usually come in the order the schema lists them
        while key < end {
            let next = key + 1 + tape.nodes[key + 1].span
            for step in 0..<entries {
                let offset = hint + step < entries ? hint + step : hint + step - entries
                let entry = pairs[Int(operation.a) + offset]
                guard keyEquals(key, entry.first) else { continue }
                hint = offset + 1 == entries ? 0 : offset + 1
                if tracking { annotations.evaluated(property: key) }
                if !member(entry.second, key: key) {
                    valid = false
                    if stopped { return false }
                }
                break
            }
            key = next
        }
        return valid
    }

    private mutating func applyPatternProperties(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var key = instance + 1
        while key < end {
            let next = key + 1 + tape.nodes[key + 1].span
            for offset in 0..<Int(operation.b) {
                let entry = pairs[Int(operation.a) + offset]
                guard stringMatches(program.regexes[Int(entry.first)], tape.nodes[key]) else { continue }
                if tracking { annotations.evaluated(property: key) }
                if !member(entry.second, key: key) {
                    valid = false
                    if stopped { return false }
                }
            }
            key = next
        }
        return valid
    }

    private mutating func applyAdditionalProperties(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var key = instance + 1
        let known = Int(operation.b)
        let patterns = Int(operation.c)
        var hint = 0
        while key < end {
            let next = key + 1 + tape.nodes[key + 1].span
            if !isListed(key, known: known, patterns: patterns, hint: &hint) {
                if tracking { annotations.evaluated(property: key) }
                if !member(operation.a, key: key) {
                    valid = false
                    if stopped { return false }
                }
            }
            key = next
        }
        return valid
    }

    private mutating func applyPropertyNames(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var key = instance + 1
        while key < end {
            instancePath.push(key)
            var local = Annotations()
            let passed = evaluate(children[Int(operation.a)], key, &local)
            instancePath.pop()
            if !passed {
                valid = false
                if stopped { return false }
            }
            key += 1 + tape.nodes[key + 1].span
        }
        return valid
    }

    private mutating func applyUnevaluatedProperties(
        _ operation: Operation, _ instance: Int, _ end: Int, _ annotations: inout Annotations
    ) -> Bool {
        var valid = true
        var key = instance + 1
        while key < end {
            if !annotations.wasEvaluated(property: key) {
                if !member(operation.a, key: key) {
                    valid = false
                    if stopped { return false }
                }
                annotations.evaluated(property: key)
            }
            key += 1 + tape.nodes[key + 1].span
        }
        return valid
    }
}
