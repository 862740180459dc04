import CodableParsing

/// The tape of one batch under construction: synthesized JSON tokens, the nodes pointing into
/// them (the same `JSONNode`s the JSON reader makes), and each node's offset in the YAML input.
///
/// Scalars become JSON tokens (strings escaped as the JSON writer writes them, so equal strings
/// have equal tokens); containers point at no bytes. `null`, `true` and `false` share one token.
final class YAMLTape {
    /// The synthesized JSON tokens.
    let bytes = OutputBuffer(capacity: 1 << 16)
    /// The nodes, in document order.
    @exclusivity(unchecked) private(set) var nodes = NodeBuffer(capacity: 4096)
    /// One input offset per node: absolute, modulo 2^32 (a batch's text is shorter than 4 GiB,
    /// so it is made relative to the text by a wrapping subtraction).
    @exclusivity(unchecked) private(set) var offsets: [UInt32] = []

    private static let literals: StaticString = "nulltruefalse"

    init() {
        offsets.reserveCapacity(4096)
        bytes.append(Self.literals)
    }

    /// Number of nodes so far.
    var count: Int { nodes.count }

    /// Hands the tape's contents on and starts an empty one.
    func take() -> (bytes: ByteStorage, nodes: NodeBuffer, offsets: [UInt32]) {
        // The bytes are handed on, not copied; the next batch's tape starts with as much room
        // (up to 4 MiB: a huge scalar's is not kept).
        let result = (bytes.takeBytes(keepingCapacity: 4 << 20), nodes, offsets)
        bytes.append(Self.literals)
        nodes = NodeBuffer(capacity: max(4096, nodes.count))
        offsets = []
        offsets.reserveCapacity(result.1.count)
        return result
    }

    /// Drops the nodes from `count` on (a document that failed).
    func truncate(to count: Int) {
        nodes.truncate(to: count)
        offsets.removeSubrange(count...)
    }

    // MARK: Appending

    @discardableResult
    func appendLiteral(_ kind: JSONNode.Kind, at offset: UInt32) -> Int {
        let start = kind == .null ? 0 : kind == .true ? 4 : 8
        offsets.append(offset)
        return nodes.append(JSONNode(kind: kind, start: start, length: kind == .false ? 5 : 4))
    }

    /// Appends a number node whose JSON text is `text`.
    @discardableResult
    func appendNumber(_ text: UnsafeBufferPointer<UInt8>, at offset: UInt32) -> Int {
        var cursor = bytes.beginAppending()
        let start = cursor.position
        cursor.append(text.baseAddress!, count: text.count)
        bytes.endAppending(cursor)
        offsets.append(offset)
        return nodes.append(JSONNode(kind: .number, start: start, length: text.count))
    }

    /// Appends a string node holding the UTF-8 `content`.
    @discardableResult
    func appendString(_ content: UnsafeBufferPointer<UInt8>, at offset: UInt32) -> Int {
        var cursor = bytes.beginAppending()
        let start = cursor.position
        let escaped = JSONString.appendQuoted(content, to: &cursor)
        let length = cursor.position - start
        bytes.endAppending(cursor)
        offsets.append(offset)
        return nodes.append(JSONNode(kind: .string, flags: escaped ? 1 : 0, start: start, length: length))
    }

    /// Appends the head of a container; `close` sets its size.
    func openContainer(_ kind: JSONNode.Kind, at offset: UInt32) -> Int {
        offsets.append(offset)
        return nodes.append(JSONNode(kind: kind, start: bytes.count, length: 0))
    }

    /// Sets the size of the container at `index`, whose contents are all nodes after it.
    func close(_ index: Int) {
        nodes[index].size = nodes.count - index - 1
    }

    /// The number of members or elements of the container at `index`.
    func memberCount(of index: Int) -> Int {
        nodes.memberCount(of: index)
    }

    /// The children of the container at `index` (elements, or an object's keys).
    func children(of index: Int) -> JSONNodeChildren<NodeBuffer> {
        nodes.children(of: index)
    }

    /// Appends a copy of the value at `start` occupying `span` nodes (an alias).
    func appendCopy(from start: Int, span: Int) {
        nodes.appendCopy(from: start, count: span)
        offsets.append(contentsOf: offsets[start..<(start + span)])
    }

    /// The raw token of node `index`.
    func token(of index: Int) -> [UInt8] {
        let node = nodes[index]
        return bytes.withUnsafeBytes { Array(node.token(in: $0.baseAddress!.assumingMemoryBound(to: UInt8.self))) }
    }

    /// Replaces the nodes after `index` with `replacement` (and their offsets).
    func replaceContents(after index: Int, with replacement: [(node: JSONNode, offset: UInt32)]) {
        truncate(to: index + 1)
        for item in replacement {
            nodes.append(item.node)
            offsets.append(item.offset)
        }
    }

    /// The node at `index`.
    subscript(index: Int) -> JSONNode { nodes[index] }

    /// The input offset of node `index` (absolute, modulo 2^32).
    func offset(of index: Int) -> UInt32 { offsets[index] }
}
