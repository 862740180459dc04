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
            var builder = Builder(batch: batch, buffer: buffer, path: path)
            var index = root
            return builder.build(&index)
        }
    }

    /// Walks the tape in document order; lines and columns are counted forward as it goes, so
    /// a large schema costs one pass over its bytes.
    private struct Builder {
        let batch: RecordBatch
        let buffer: UnsafeBufferPointer<UInt8>
        let path: String
        private var offset = 0
        private var line: Int
        private var column: Int

        init(batch: RecordBatch, buffer: UnsafeBufferPointer<UInt8>, path: String) {
            self.batch = batch
            self.buffer = buffer
            self.path = path
            self.line = batch.locator.baseLine
            self.column = batch.locator.baseColumn
        }

        /// The origin of byte `target` (not before the last one asked for).
        mutating func origin(at target: Int) -> SourceOrigin {
            while offset < target {
                let byte = buffer[offset]
                offset += 1
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1  // columns count Unicode scalars, as the JSON reader's locations do
                }
            }
            return SourceOrigin(file: path, line: line, column: column)
        }

        mutating func build(_ index: inout Int) -> SchemaNode {
            let node = batch.nodes[index]
            let origin = origin(at: Int(node.start))
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
                let end = index + node.size
                while index < end { elements.append(build(&index)) }
                return SchemaNode(value: .array(elements), origin: origin)
            case .object:
                var members: [(key: String, value: SchemaNode)] = []
                let end = index + node.size
                while index < end {
                    let key = batch.nodes[index].stringValue(in: base)
                    index += 1
                    members.append((key, build(&index)))
                }
                return SchemaNode(value: .object(members), origin: origin)
            }
        }
    }
}
