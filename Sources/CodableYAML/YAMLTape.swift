import CodableParsing

/// The tape of one batch under construction: synthesized JSON tokens, the nodes pointing into
/// them (the same `JSONNode`s the JSON reader makes), and each node's offset in the YAML input.
///
/// Scalars become JSON tokens (strings escaped as the JSON writer writes them, so equal strings
/// have equal tokens; a string just after another starts on its closing quote,
/// `OutputCursor.shareClosingQuote`); containers point at no bytes. A short token equal to one
/// written for an earlier node of the same block of 16 (`RecentTokens`) is pointed at, not
/// written again, and in a big record a block of 16 small nodes is folded
/// (`NodeBuffer.foldBlock`): `[0,0,…]` costs a sixteenth of a byte a value in tokens and about a
/// quarter of a byte in nodes.
final class YAMLTape {
    /// The synthesized JSON tokens.
    let bytes = OutputBuffer(capacity: 1 << 16)
    /// The nodes, in document order.
    @exclusivity(unchecked) private(set) var nodes = NodeBuffer(capacity: 4096)
    /// One input offset per node: absolute, modulo 2^32 (a batch's text is shorter than 4 GiB,
    /// so it is made relative to the text by a wrapping subtraction).
    @exclusivity(unchecked) private(set) var offsets = NodeOffsets(capacity: 4096)
    /// Short tokens written for nodes of the current block, to point at again.
    @exclusivity(unchecked) private var recent = RecentTokens()
    /// The containers opened and not yet closed, innermost last.
    @exclusivity(unchecked) private var openContainers: [Int] = []
    /// The first node whose block may be folded: `NodeBuffer.nodesBeforeFolding` into the
    /// record.
    @exclusivity(unchecked) private var foldsFrom = NodeBuffer.nodesBeforeFolding

    /// Number of nodes so far.
    var count: Int { nodes.count }

    /// Hands the tape's contents on and starts an empty one.
    func take() -> (bytes: ByteStorage, nodes: NodeBuffer, offsets: NodeOffsets) {
        // The bytes are handed on, not copied; the next batch's tape starts with as much room
        // (up to 4 MiB: a huge scalar's is not kept).
        let result = (bytes.takeBytes(keepingCapacity: 4 << 20), nodes, offsets)
        nodes = NodeBuffer(capacity: max(4096, nodes.count))
        offsets = NodeOffsets(capacity: result.1.count)
        forgetRecentTokens()
        openContainers.removeAll(keepingCapacity: true)
        foldsFrom = NodeBuffer.nodesBeforeFolding
        return result
    }

    /// Drops the nodes from `count` on (a document that failed).
    func truncate(to count: Int) {
        nodes.truncate(to: count)
        offsets.truncate(to: count)
        forgetRecentTokens()
        while let open = openContainers.last, open >= count { openContainers.removeLast() }
    }

    /// A record (a document, or an item of a streamed root sequence) starts with the next node.
    func startRecord() {
        foldsFrom = count + NodeBuffer.nodesBeforeFolding
    }

    /// Nodes from here on point at no token written before (the block they are in may now
    /// start elsewhere).
    private func forgetRecentTokens() {
        recent.forget()
    }

    /// Where the token `text` starts in `bytes` for the node about to be appended: a short
    /// token written for an earlier node of its block, or `text` written now.
    private func place(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.appendInPlace { cursor in
            let start = cursor.position
            cursor.append(text.baseAddress!, count: text.count)
            let placed = cursor.withWrittenBytes { written in
                recent.start(
                    ofTokenWrittenAt: start, length: text.count, forNode: nodes.count,
                    in: UnsafePointer(written.baseAddress!))
            }
            if placed != start { cursor.truncate(to: start) }
            return placed
        }
    }

    // MARK: Appending

    @discardableResult
    func appendLiteral(_ kind: JSONNode.Kind, at offset: UInt32) -> Int {
        let text: StaticString = kind == .null ? "null" : kind == .true ? "true" : "false"
        let start = place(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        offsets.append(offset)
        return appended(nodes.append(JSONNode(kind: kind, start: start, length: text.utf8CodeUnitCount)))
    }

    /// Appends a number node whose JSON text is `text`.
    @discardableResult
    func appendNumber(_ text: UnsafeBufferPointer<UInt8>, at offset: UInt32) -> Int {
        let start = place(text)
        offsets.append(offset)
        return appended(nodes.append(JSONNode(kind: .number, start: start, length: text.count)))
    }

    /// Appends a string node holding the UTF-8 `content`.
    @discardableResult
    func appendString(_ content: UnsafeBufferPointer<UInt8>, at offset: UInt32) -> Int {
        let (placed, length, escaped) = bytes.appendInPlace { cursor in
            let sharedQuote = cursor.shareClosingQuote()
            let start = cursor.position
            let escaped = JSONString.appendQuoted(content, to: &cursor)
            let length = cursor.position - start
            let placed = cursor.withWrittenBytes { written in
                recent.start(
                    ofTokenWrittenAt: start, length: length, forNode: nodes.count,
                    in: UnsafePointer(written.baseAddress!))
            }
            if placed != start { cursor.truncate(to: sharedQuote ? start + 1 : start) }
            return (placed, length, escaped)
        }
        offsets.append(offset)
        return appended(nodes.append(JSONNode(kind: .string, flags: escaped ? 1 : 0, start: placed, length: length)))
    }

    /// Appends the head of a container; `close` sets its size.
    func openContainer(_ kind: JSONNode.Kind, at offset: UInt32) -> Int {
        offsets.append(offset)
        let index = nodes.append(JSONNode(kind: kind, start: bytes.nextTokenStart, length: 0))
        openContainers.append(index)
        return appended(index)
    }

    /// Sets the size of the container at `index`, whose contents are all nodes after it.
    func close(_ index: Int) {
        nodes[index].size = nodes.count - index - 1
        if openContainers.last == index { openContainers.removeLast() }  // innermost first
        let block = index / NodeBuffer.blockSize
        if block == nodes.count / NodeBuffer.blockSize - 1 { foldIfClosed(block) }  // the last complete block
    }

    /// Node `index` was appended: when it completes its block, the block is folded if it can be.
    private func appended(_ index: Int) -> Int {
        if index % NodeBuffer.blockSize == NodeBuffer.blockSize - 1 { foldIfClosed(index / NodeBuffer.blockSize) }
        return index
    }

    /// Folds `block`, the last complete one, when it is far enough into its record and none of
    /// its containers is open (closing one sets its size).
    private func foldIfClosed(_ block: Int) {
        let first = block * NodeBuffer.blockSize
        guard first >= foldsFrom else { return }
        for open in openContainers.reversed() {
            if open < first { break }
            if open < first + NodeBuffer.blockSize { return }
        }
        nodes.foldBlock(block)
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
        var previous = (index: -2, offset: UInt32(0))
        for index in start..<(start + span) {  // a step each, not a walk from a block's start
            previous = (index, offsets.offset(ofNode: index, after: previous))
            offsets.append(previous.offset)
        }
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
