import CodableModels
import CodableParsing

/// A JSON value of a schema file, with where it starts: the schema reader walks these.
struct SchemaNode {
    /// The value.
    enum Value {
        case null
        case bool(Bool)
        /// A number as written (`2`, `1.5e3`).
        case number(String)
        case string(String)
        case array([SchemaNode])
        /// Members in file order (a later duplicate key wins on lookup, as JSON readers do).
        case object([(key: String, value: SchemaNode)])
    }

    let value: Value
    let origin: SourceOrigin

    /// A member of an object (the last one, if the key is repeated).
    subscript(key: String) -> SchemaNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The elements, if this is an array.
    var array: [SchemaNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The members, if this is an object.
    var members: [(key: String, value: SchemaNode)]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// Builds the tree of the record `root` in `batch`, naming `path` in origins.
    static func tree(of batch: RecordBatch, root: Int, path: String) -> SchemaNode {
        batch.bytes.withUnsafeBufferPointer { buffer in
            var index = root
            return build(batch, buffer, &index, path)
        }
    }

    private static func build(_ batch: RecordBatch, _ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ path: String) -> SchemaNode {
        let node = batch.nodes[index]
        let location = batch.location(ofNode: index)
        let origin = SourceOrigin(file: path, line: location.line, column: location.column)
        let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        index += 1
        switch node.kind {
        case .null: return SchemaNode(value: .null, origin: origin)
        case .true: return SchemaNode(value: .bool(true), origin: origin)
        case .false: return SchemaNode(value: .bool(false), origin: origin)
        case .number:
            return SchemaNode(value: .number(String(decoding: node.token(in: base), as: UTF8.self)), origin: origin)
        case .string: return SchemaNode(value: .string(node.stringValue(in: base)), origin: origin)
        case .array:
            var elements: [SchemaNode] = []
            for _ in 0..<node.count { elements.append(build(batch, buffer, &index, path)) }
            return SchemaNode(value: .array(elements), origin: origin)
        case .object:
            var members: [(key: String, value: SchemaNode)] = []
            for _ in 0..<node.count {
                let key = batch.nodes[index].stringValue(in: base)
                index += 1
                members.append((key, build(batch, buffer, &index, path)))
            }
            return SchemaNode(value: .object(members), origin: origin)
        }
    }
}
