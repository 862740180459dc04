import CodableParsing

/// Lowers `CompiledNode`s (keywords as enums with payloads) into `SchemaProgram`'s flat tables.
struct ProgramBuilder {
    var operations: [Operation] = []
    var nodes: [ProgramNode] = []
    var children: [Child] = []
    var keys: [KeyEntry] = []
    var keyBytes: [UInt8] = []
    var keyTexts: [String] = []
    var pairs: [Pair] = []
    var integers: [Int32] = []
    var bounds: [NumberBound] = []
    var constantNodes: [JSONNode] = []
    var constantBytes: [UInt8] = []
    var regexes: [SchemaRegex] = []
    var keywordNames: [String] = []
    private var keywordIndex: [String: UInt8] = [:]
    private var keyIndex: [[UInt8]: Int32] = [:]

    mutating func add(_ node: CompiledNode) {
        let first = Int32(operations.count)
        for keyword in node.keywords { operations.append(lower(keyword)) }
        let boolean: Int8 = node.boolean.map { $0 ? 1 : 0 } ?? -1
        nodes.append(
            ProgramNode(
                firstOperation: first, operationCount: Int32(operations.count) - first, boolean: boolean,
                resource: node.resource))
    }

    private mutating func lower(_ keyword: Keyword) -> Operation {
        let name = nameIndex(keyword.name)
        func op(_ code: Operation.Code, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0, _ d: Int32 = 0) -> Operation {
            Operation(code: code, name: name, a: a, b: b, c: c, d: d)
        }
        switch keyword.kind {
        case .type(let types): return op(.type, Int32(types.rawValue))
        case .const(let value): return op(.const, constant(value))
        case .enumeration(let constants):
            let roots = constants.map { constant($0) }
            return op(.enumeration, list(roots), Int32(roots.count))
        case .minimum(let limit, let exclusive): return op(.minimum, bound(limit), exclusive ? 1 : 0)
        case .maximum(let limit, let exclusive): return op(.maximum, bound(limit), exclusive ? 1 : 0)
        case .multipleOf(let divisor): return op(.multipleOf, bound(divisor))
        case .minLength(let value): return op(.minLength, clamp(value))
        case .maxLength(let value): return op(.maxLength, clamp(value))
        case .pattern(let expression): return op(.pattern, regex(expression))
        case .format(let format): return op(.format, Int32(StringFormat.allCases.firstIndex(of: format)!))
        case .minItems(let value): return op(.minItems, clamp(value))
        case .maxItems(let value): return op(.maxItems, clamp(value))
        case .uniqueItems: return op(.uniqueItems)
        case .minProperties(let value): return op(.minProperties, clamp(value))
        case .maxProperties(let value): return op(.maxProperties, clamp(value))
        case .required(let names):
            let indices = names.map { key($0) }
            return op(.required, list(indices), Int32(indices.count))
        case .dependentRequired(let rules):
            let start = Int32(pairs.count)
            var entries: [Pair] = []
            for (trigger, names) in rules {
                let indices = names.map { key($0) }
                entries.append(Pair(first: key(trigger), second: list([Int32(indices.count)] + indices)))
            }
            pairs.append(contentsOf: entries)
            return op(.dependentRequired, start, Int32(entries.count))
        case .dependentSchemas(let rules):
            let entries = rules.map { Pair(first: key($0.0), second: child($0.1)) }
            return op(.dependentSchemas, append(entries), Int32(entries.count))
        case .properties(let map):
            let entries = map.map { Pair(first: key($0.0), second: child($0.1)) }
            return op(.properties, append(entries), Int32(entries.count))
        case .patternProperties(let map):
            let entries = map.map { Pair(first: regex($0.0), second: child($0.1)) }
            return op(.patternProperties, append(entries), Int32(entries.count))
        case .additionalProperties(let target, let known, let patterns):
            let knownKeys = known.map { key($0) }
            let patternIndices = patterns.map { regex($0) }
            return op(
                .additionalProperties, child(target), list([Int32(knownKeys.count)] + knownKeys),
                list([Int32(patternIndices.count)] + patternIndices))
        case .propertyNames(let target): return op(.propertyNames, child(target))
        case .prefixItems(let targets): return op(.prefixItems, childRun(targets), Int32(targets.count))
        case .items(let target, let from): return op(.items, child(target), clamp(from))
        case .contains(let target, let minimum, let maximum):
            return op(.contains, child(target), clamp(minimum), maximum.map(clamp) ?? -1)
        case .allOf(let targets): return op(.allOf, childRun(targets), Int32(targets.count))
        case .anyOf(let targets): return op(.anyOf, childRun(targets), Int32(targets.count))
        case .oneOf(let targets): return op(.oneOf, childRun(targets), Int32(targets.count))
        case .not(let target): return op(.not, child(target))
        case .conditional(let condition, let then, let otherwise):
            let thenIndex = then.map { child($0) } ?? -1
            let elseIndex = otherwise.map { child($0) } ?? -1
            return op(.conditional, child(condition), thenIndex, elseIndex)
        case .ref(let target): return op(.ref, child(target))
        case .dynamicRef(let target, let anchor): return op(.dynamicRef, child(target), Int32(anchor))
        case .unevaluatedProperties(let target): return op(.unevaluatedProperties, child(target))
        case .unevaluatedItems(let target): return op(.unevaluatedItems, child(target))
        }
    }

    private func clamp(_ value: Int) -> Int32 { Int32(clamping: value) }

    private mutating func nameIndex(_ name: String) -> UInt8 {
        if let known = keywordIndex[name] { return known }
        keywordNames.append(name)
        keywordIndex[name] = UInt8(keywordNames.count - 1)
        return UInt8(keywordNames.count - 1)
    }

    private mutating func key(_ key: PropertyKey) -> Int32 {
        if let known = keyIndex[key.bytes] { return known }
        keys.append(KeyEntry(offset: Int32(keyBytes.count), length: Int32(key.bytes.count)))
        keyBytes.append(contentsOf: key.bytes)
        keyTexts.append(key.text)
        keyIndex[key.bytes] = Int32(keys.count - 1)
        return Int32(keys.count - 1)
    }

    private mutating func child(_ target: Child) -> Int32 {
        children.append(target)
        return Int32(children.count - 1)
    }

    private mutating func childRun(_ targets: [Child]) -> Int32 {
        children.append(contentsOf: targets)
        return Int32(children.count - targets.count)
    }

    private mutating func list(_ values: [Int32]) -> Int32 {
        integers.append(contentsOf: values)
        return Int32(integers.count - values.count)
    }

    private mutating func append(_ entries: [Pair]) -> Int32 {
        pairs.append(contentsOf: entries)
        return Int32(pairs.count - entries.count)
    }

    private mutating func bound(_ bound: NumberBound) -> Int32 {
        bounds.append(bound)
        return Int32(bounds.count - 1)
    }

    private mutating func regex(_ expression: SchemaRegex) -> Int32 {
        if let known = regexes.firstIndex(where: { $0 === expression || $0.source == expression.source }) {
            return Int32(known)
        }
        regexes.append(expression)
        return Int32(regexes.count - 1)
    }

    /// Copies a constant onto the shared constant tape; returns its root node index.
    private mutating func constant(_ constant: ConstantValue) -> Int32 {
        let root = Int32(constantNodes.count)
        let shift = UInt32(constantBytes.count)
        for var node in constant.nodes {
            node.start += shift
            constantNodes.append(node)
        }
        constantBytes.append(contentsOf: constant.bytes)
        return root
    }
}
