import CodableParsing

/// Applies a compiled schema to one record's tape. Reads the program's tables through pointers,
/// keeps the schema path and the instance path as stacks of indices, and builds strings only
/// for a violation, so a valid record costs no allocation beyond what its patterns need.
struct SchemaEvaluator {
    let tape: JSONEquality.Tape
    let program: SchemaProgram
    let operations: UnsafeMutablePointer<Operation>
    let nodes: UnsafeMutablePointer<ProgramNode>
    let children: UnsafeMutablePointer<Child>
    let pairs: UnsafeMutablePointer<Pair>
    let integers: UnsafeMutablePointer<Int32>
    let keys: UnsafeMutablePointer<KeyEntry>
    let keyBytes: UnsafeMutablePointer<UInt8>
    let constants: JSONEquality.Tape
    let limit: Int
    let tracking: Bool
    /// Receives each violation as it is found, in evaluation order (not document order).
    let deliver: (SchemaViolation) -> Void
    /// Violations delivered so far.
    var reported = 0
    /// Inside `anyOf`, `oneOf`, `not`, `if`, `contains`: failures decide, they are not reported.
    var silent = 0
    var schemaPath = EvaluationStack<Child>()
    /// Key node index (>= 0) or `-(item index + 1)`, per level below the record.
    var instancePath = EvaluationStack<Int>()
    /// The schema resources entered, outermost first (for `$dynamicRef`).
    var scope = EvaluationStack<Int32>()

    static let maxDepth = 1500

    init(
        tape: JSONEquality.Tape, program: SchemaProgram, tracking: Bool, limit: Int,
        deliver: @escaping (SchemaViolation) -> Void
    ) {
        self.tape = tape
        self.program = program
        operations = program.operations.baseAddress!
        nodes = program.nodes.baseAddress!
        children = program.children.baseAddress!
        pairs = program.pairs.baseAddress!
        integers = program.integers.baseAddress!
        keys = program.keys.baseAddress!
        keyBytes = program.keyBytes.baseAddress!
        constants = JSONEquality.Tape(
            nodes: program.constantNodes.unsafeTape, bytes: UnsafePointer(program.constantBytes.baseAddress!))
        self.limit = limit
        self.tracking = tracking
        self.deliver = deliver
    }

    /// Releases the path stacks.
    func free() {
        schemaPath.free()
        instancePath.free()
        scope.free()
    }

    /// Failures are no longer reported (a silent branch, or the limit reached): stop early.
    var stopped: Bool { silent > 0 || reported >= limit }

    /// Applies the schema `child` to the value at tape index `instance`.
    mutating func evaluate(_ child: Child, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        guard schemaPath.count < Self.maxDepth else {
            if reporting {
                fail { e in
                    e.report("$ref", instance, "the schema recurses deeper than \(Self.maxDepth) levels on this value")
                }
            }
            return false
        }
        let node = nodes[Int(child.node)]
        schemaPath.push(child)
        defer { schemaPath.pop() }
        if node.boolean >= 0 {
            if node.boolean == 0 { reportFalseSchema(instance) }
            return node.boolean == 1
        }
        let enters = scope.last != node.resource
        if enters { scope.push(node.resource) }
        defer { if enters { scope.pop() } }
        var valid = true
        var index = Int(node.firstOperation)
        let end = index + Int(node.operationCount)
        while index < end {
            if !apply(operations[index], instance, &annotations) {
                valid = false
                if stopped { break }
            }
            index += 1
        }
        return valid
    }

    /// Applies a child (by its index in the children table) in place, keeping its annotations
    /// only when it passes.
    mutating func inPlace(_ index: Int32, _ instance: Int, _ annotations: inout Annotations, silently: Bool = false)
        -> Bool
    {
        var local = Annotations()
        if silently { silent += 1 }
        let valid = evaluate(children[Int(index)], instance, &local)
        if silently { silent -= 1 }
        if valid && tracking { annotations.merge(local) }
        return valid
    }

    /// Applies a child to a member's value.
    mutating func member(_ index: Int32, key: Int) -> Bool {
        instancePath.push(key)
        defer { instancePath.pop() }
        var local = Annotations()
        return evaluate(children[Int(index)], key + 1, &local)
    }

    /// Applies a child to an array item.
    mutating func item(_ index: Int32, _ node: Int, position: Int) -> Bool {
        instancePath.push(-(position + 1))
        defer { instancePath.pop() }
        var local = Annotations()
        return evaluate(children[Int(index)], node, &local)
    }

    private mutating func apply(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        switch operation.code {
        case .type, .const, .enumeration, .minimum, .maximum, .multipleOf, .minLength, .maxLength, .pattern, .format:
            return applyScalar(operation, instance)
        case .minProperties, .maxProperties, .required, .dependentRequired, .dependentSchemas, .properties,
            .patternProperties, .additionalProperties, .propertyNames, .unevaluatedProperties:
            return applyObject(operation, instance, &annotations)
        case .minItems, .maxItems, .uniqueItems, .prefixItems, .items, .contains, .unevaluatedItems:
            return applyArray(operation, instance, &annotations)
        case .allOf:
            return applyAllOf(operation, instance, &annotations)
        case .anyOf:
            return applyAnyOf(operation, instance, &annotations)
        case .oneOf:
            return applyOneOf(operation, instance, &annotations)
        case .not:
            return applyNot(operation, instance, &annotations)
        case .conditional:
            return applyConditional(operation, instance, &annotations)
        case .ref:
            return inPlace(operation.a, instance, &annotations)
        case .dynamicRef:
            return applyDynamicRef(operation, instance, &annotations)
        }
    }

    private mutating func applyAllOf(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool
    {
        var valid = true
        for offset in 0..<operation.b where !inPlace(operation.a + offset, instance, &annotations) {
            valid = false
            if stopped { break }
        }
        return valid
    }

    private mutating func applyAnyOf(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool
    {
        var valid = false
        for offset in 0..<operation.b where inPlace(operation.a + offset, instance, &annotations, silently: true) {
            valid = true
            if !tracking { break }
        }
        if !valid && reporting {
            report(
                operation, instance,
                "\(describe(instance)) matches none of the \(operation.b) alternatives in \"anyOf\"")
        }
        return valid
    }

    private mutating func applyOneOf(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool
    {
        var first = -1
        var second = -1
        for offset in 0..<Int(operation.b)
        where inPlace(operation.a + Int32(offset), instance, &annotations, silently: true) {
            if first < 0 { first = offset } else if second < 0 { second = offset }
            if second >= 0 && !tracking { break }
        }
        if first >= 0 && second < 0 { return true }
        if reporting {
            fail { e in
                e.report(
                    operation, instance,
                    first < 0
                        ? "\(e.describe(instance)) matches none of the \(operation.b) alternatives in \"oneOf\""
                        : "\(e.describe(instance)) matches alternatives \(first) and \(second) of \"oneOf\", exactly one allowed"
                )
            }
        }
        return false
    }

    private mutating func applyNot(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations) -> Bool {
        var ignored = Annotations()
        guard inPlace(operation.a, instance, &ignored, silently: true) else { return true }
        if reporting {
            fail { e in e.report(operation, instance, "\(e.describe(instance)) must not match the schema in \"not\"") }
        }
        return false
    }

    private mutating func applyConditional(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations)
        -> Bool
    {
        if inPlace(operation.a, instance, &annotations, silently: true) {
            return operation.b < 0 || inPlace(operation.b, instance, &annotations)
        }
        return operation.c < 0 || inPlace(operation.c, instance, &annotations)
    }

    private mutating func applyDynamicRef(_ operation: Operation, _ instance: Int, _ annotations: inout Annotations)
        -> Bool
    {
        let child = children[Int(operation.a)]
        var target = child
        if operation.b >= 0 {
            for resource in scope.elements where Int(resource) * program.anchorCount < program.dynamicAnchors.count {
                let node = program.dynamicAnchors[Int(resource) * program.anchorCount + Int(operation.b)]
                if node >= 0 {
                    target = Child(node: node, segment: child.segment)
                    break
                }
            }
        }
        var local = Annotations()
        let valid = evaluate(target, instance, &local)
        if valid && tracking { annotations.merge(local) }
        return valid
    }
}
