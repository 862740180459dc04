/// Where each node of a batch came from, for batches whose bytes are not the input itself.
///
/// Readers of other formats (YAML, CSV) write each value as a JSON token into the batch's bytes,
/// so a token's offset says nothing about the input. Such a batch carries this map: each node's
/// offset in the input text it was read from, and that text, so that a node is located (line,
/// column, excerpt) as a JSON node is, by counting, only when an error asks for it. Four bytes a
/// node: a record of a million small values costs 4 MB here, not the 8 a line and a column take.
/// JSON batches have none and locate nodes by their own offsets.
public struct NodeSourceMap: Sendable {
    /// One offset per node, in node order: where the node's value starts in the input, modulo
    /// 2^32 (`text` is shorter than 4 GiB, so its place in `text` is a wrapping subtraction).
    public let offsets: [UInt32]
    /// The input text holding every node; it starts at the start of a line.
    public let text: ByteStorage
    /// Where `text` starts in the input, and what ends its lines.
    public let locator: SourceLocator

    /// Creates a map: `offsets` (one a node) into the input, whose `text` starts as `locator` says.
    public init(offsets: [UInt32], text: ByteStorage, locator: SourceLocator) {
        self.offsets = offsets
        self.text = text
        self.locator = locator
    }

    /// The same text with other offsets (a tape built from this map's batch).
    public func withOffsets(_ offsets: [UInt32]) -> NodeSourceMap {
        NodeSourceMap(offsets: offsets, text: text, locator: locator)
    }

    /// The location of node `index`.
    public func location(ofNode index: Int) -> SourceLocation {
        text.withUnsafeBufferPointer { locator.location(of: offset(ofNode: index), in: $0) }
    }

    /// The source line of node `index`, for showing with a caret.
    public func excerpt(ofNode index: Int) -> SourceExcerpt {
        text.withUnsafeBufferPointer { locator.excerpt(at: offset(ofNode: index), in: $0) }
    }

    /// Where node `index` starts in `text`.
    private func offset(ofNode index: Int) -> Int {
        Int(offsets[index] &- UInt32(truncatingIfNeeded: locator.baseOffset))
    }
}
