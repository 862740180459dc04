import CodableParsing

/// A schema file parsed onto a tape, with the lookups the compiler needs and the locations its
/// errors point at.
final class SchemaDocument: @unchecked Sendable {
    /// The file name (or the name given for in-memory bytes), for error locations.
    let file: String
    /// The document's retrieval URI (no fragment).
    let uri: String
    let batch: RecordBatch
    /// Root node of the document.
    let root: Int

    /// Parses `bytes` as exactly one JSON text.
    init(bytes: [UInt8], file: String, uri: String) throws(SchemaError) {
        self.file = file
        self.uri = uri
        let reader = RecordReader(source: InMemoryByteSource(bytes), options: RecordReaderOptions(framing: .jsonStream))
        var first: RecordBatch?
        var more = false
        do throws(RecordReadError) {
            first = try reader.nextBatch()
            if let first, first.count == 1 { more = try reader.nextBatch() != nil }
        } catch {
            switch error {
            case .malformed(let reason, let location, _), .skippedRecord(let reason, let location, _):
                throw SchemaError(
                    file: file, line: location.line, column: location.column, pointer: "",
                    message: "the schema is not valid JSON: \(reason)", syntax: reason)
            case .unreadable(let cause):
                throw SchemaError(file: file, pointer: "", message: "the schema cannot be read: \(cause)")
            case .invalidEnvelope(let message, _, let location, _):  // schemas are read without `items`
                throw SchemaError(
                    file: file, line: location.line, column: location.column, pointer: "", message: message)
            }
        }
        guard let batch = first else {
            throw SchemaError(
                file: file, line: 1, column: 1, pointer: "",
                message: "the schema is empty, expected a JSON object or boolean")
        }
        if batch.count > 1 || more {
            let location = batch.count > 1 ? batch.location(ofNode: Int(batch.roots[1])) : nil
            throw SchemaError(
                file: file, line: location?.line, column: location?.column, pointer: "",
                message: "the schema holds more than one JSON value")
        }
        self.batch = batch
        self.root = Int(batch.roots[0])
    }

    /// The node at `index`.
    @inline(__always) func node(_ index: Int) -> JSONNode { batch.nodes[index] }

    /// The kind of the node at `index`.
    func kind(_ index: Int) -> JSONNode.Kind { batch.nodes[index].kind }

    /// A string node's value.
    func string(_ index: Int) -> String {
        batch.bytes.withUnsafeBufferPointer { batch.nodes[index].stringValue(in: $0.baseAddress!) }
    }

    /// A string node's value as UTF-8.
    func stringBytes(_ index: Int) -> [UInt8] {
        batch.bytes.withUnsafeBufferPointer { batch.nodes[index].stringBytes(in: $0.baseAddress!) }
    }

    /// A scalar's raw token text.
    func token(_ index: Int) -> [UInt8] {
        let node = batch.nodes[index]
        return batch.bytes.withUnsafeBufferPointer { Array(node.token(in: $0.baseAddress!)) }
    }

    /// An object's members as (key, key node, value node), in document order.
    func members(_ object: Int) -> [(key: String, keyNode: Int, value: Int)] {
        var result: [(String, Int, Int)] = []
        let node = batch.nodes[object]
        guard node.kind == .object else { return [] }
        for key in batch.nodes.children(of: object) {
            result.append((string(key), key, key + 1))
        }
        return result
    }

    /// An array's element nodes.
    func elements(_ array: Int) -> [Int] {
        var result: [Int] = []
        let node = batch.nodes[array]
        guard node.kind == .array else { return [] }
        result.append(contentsOf: batch.nodes.children(of: array))
        return result
    }

    /// The value of member `key` of an object node, if present (the last one, when repeated).
    func member(_ object: Int, _ key: String) -> Int? {
        members(object).last(where: { $0.key == key })?.value
    }

    /// An error located at `index`, with the pointer to it.
    func error(at index: Int, pointer: String, _ message: String) -> SchemaError {
        let location = batch.location(ofNode: index)
        return SchemaError(file: file, line: location.line, column: location.column, pointer: pointer, message: message)
    }
}
