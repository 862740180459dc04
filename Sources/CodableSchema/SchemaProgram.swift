import CodableParsing

/// One keyword as the evaluator runs it: an opcode and up to four integers (indices into the
/// program's tables or plain limits), so running it copies no reference and counts none.
struct Operation {
    enum Code: UInt8 {
        case type, const, enumeration, minimum, maximum, multipleOf, minLength, maxLength, pattern, format
        case minItems, maxItems, uniqueItems, minProperties, maxProperties, required, dependentRequired
        case dependentSchemas, properties, patternProperties, additionalProperties, propertyNames
        case prefixItems, items, contains, allOf, anyOf, oneOf, not, conditional, ref, dynamicRef
        case unevaluatedProperties, unevaluatedItems
    }

    var code: Code
    /// Index of the keyword's name in `SchemaProgram.keywordNames`.
    var name: UInt8
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = 0
    var d: Int32 = 0
}

/// A compiled schema node: its run of operations, or a fixed outcome for `true`/`false`.
struct ProgramNode {
    var firstOperation: Int32
    var operationCount: Int32
    /// -1: an object schema; 0: `false`; 1: `true`.
    var boolean: Int8
    var resource: Int32
}

/// A key's UTF-8 bytes in `SchemaProgram.keyBytes`.
struct KeyEntry {
    var offset: Int32
    var length: Int32
}

/// Two table indices (a key or regex, and a child).
struct Pair {
    var first: Int32
    var second: Int32
}

/// The compiled schema lowered to flat tables of plain values, read through pointers while
/// validating (no reference counting, no dictionary lookups, no strings on the valid path).
final class SchemaProgram: @unchecked Sendable {
    let operations: UnsafeMutableBufferPointer<Operation>
    let nodes: UnsafeMutableBufferPointer<ProgramNode>
    let children: UnsafeMutableBufferPointer<Child>
    let keys: UnsafeMutableBufferPointer<KeyEntry>
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let pairs: UnsafeMutableBufferPointer<Pair>
    let integers: UnsafeMutableBufferPointer<Int32>
    let bounds: UnsafeMutableBufferPointer<NumberBound>
    /// The `const` and `enum` values' nodes, appended once here and never again.
    let constantNodes: NodeBuffer
    let constantBytes: UnsafeMutableBufferPointer<UInt8>
    let regexes: UnsafeMutableBufferPointer<SchemaRegex>
    /// Resource -> dynamic anchor -> node (-1: none), row-major.
    let dynamicAnchors: UnsafeMutableBufferPointer<Int32>
    let anchorCount: Int
    let keywordNames: [String]
    let keyTexts: [String]
    let absoluteLocations: [String]
    let segments: [String]

    init(compiler: SchemaCompiler) {
        var builder = ProgramBuilder()
        for node in compiler.nodes { builder.add(node) }
        operations = Self.freeze(builder.operations)
        nodes = Self.freeze(builder.nodes)
        children = Self.freeze(builder.children)
        keys = Self.freeze(builder.keys)
        keyBytes = Self.freeze(builder.keyBytes.isEmpty ? [0] : builder.keyBytes)
        pairs = Self.freeze(builder.pairs)
        integers = Self.freeze(builder.integers)
        bounds = Self.freeze(builder.bounds)
        constantNodes = NodeBuffer(capacity: builder.constantNodes.count)
        for node in builder.constantNodes { constantNodes.append(node) }
        constantBytes = Self.freeze(builder.constantBytes.isEmpty ? [0] : builder.constantBytes)
        regexes = Self.freeze(builder.regexes)
        anchorCount = compiler.anchorNames.count
        var table = [Int32](repeating: -1, count: max(1, compiler.dynamicTable.count * anchorCount))
        for (resource, anchors) in compiler.dynamicTable.enumerated() {
            for (anchor, node) in anchors { table[resource * anchorCount + anchor] = node }
        }
        dynamicAnchors = Self.freeze(table)
        keywordNames = builder.keywordNames
        keyTexts = builder.keyTexts
        absoluteLocations = compiler.nodes.map(\.absoluteLocation)
        segments = compiler.segments
    }

    deinit {
        operations.deallocate()
        nodes.deallocate()
        children.deallocate()
        keys.deallocate()
        keyBytes.deallocate()
        pairs.deallocate()
        integers.deallocate()
        bounds.deinitialize().deallocate()
        constantBytes.deallocate()
        regexes.deinitialize().deallocate()
        dynamicAnchors.deallocate()
    }

    private static func freeze<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
}
