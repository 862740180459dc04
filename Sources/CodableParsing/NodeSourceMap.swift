/// Where each node of a batch came from, for batches whose bytes are not the input itself.
///
/// Readers of other formats (YAML, CSV) write each value as a JSON token into the batch's bytes,
/// so a token's offset says nothing about the input. Such a batch carries this map: each node's
/// offset in the input text it was read from, and that text, so that a node is located (line,
/// column, excerpt) as a JSON node is, by counting, only when an error asks for it. Four bytes a
/// node, or a CSV cell (its key and value share them): a record of a million small values costs
/// 4 MB here, not the 8 a line and a column take.
/// JSON batches have none and locate nodes by their own offsets.
public struct NodeSourceMap: Sendable {
    /// Input offsets in node order: where each value starts in the input, modulo 2^32 (`text`
    /// is shorter than 4 GiB, so its place in `text` is a wrapping subtraction). One a node, or
    /// with `membersPerRecord`, one a record and one a member.
    private let offsets: [UInt32]
    /// When not 0: every record is an object of this many members, one after another, and a
    /// member's key and value share one offset (CSV rows, whose key is their cell's column).
    private let membersPerRecord: Int
    /// The input text holding every node; it starts at the start of a line.
    public let text: ByteStorage
    /// Where `text` starts in the input, and what ends its lines.
    public let locator: SourceLocator

    /// Creates a map: `offsets` (one a node) into the input, whose `text` starts as `locator` says.
    public init(offsets: [UInt32], text: ByteStorage, locator: SourceLocator) {
        self.init(offsets: offsets, membersPerRecord: 0, text: text, locator: locator)
    }

    /// Creates a map of records that are each an object of `membersPerRecord` members, with one
    /// offset for a record's node and then one for each member (its key's and its value's).
    init(offsets: [UInt32], membersPerRecord: Int, text: ByteStorage, locator: SourceLocator) {
        self.offsets = offsets
        self.membersPerRecord = membersPerRecord
        self.text = text
        self.locator = locator
    }

    /// The bytes the offsets take.
    public var offsetsByteCount: Int { offsets.count * MemoryLayout<UInt32>.stride }

    /// The same text with other offsets, one a node (a tape built from this map's batch).
    public func withOffsets(_ offsets: [UInt32]) -> NodeSourceMap {
        NodeSourceMap(offsets: offsets, text: text, locator: locator)
    }

    /// Where node `index`'s value starts in the input, modulo 2^32.
    public func inputOffset(ofNode index: Int) -> UInt32 {
        guard membersPerRecord > 0 else { return offsets[index] }
        let nodesPerRecord = 1 + 2 * membersPerRecord
        let (record, node) = index.quotientAndRemainder(dividingBy: nodesPerRecord)
        return offsets[record * (1 + membersPerRecord) + (node + 1) / 2]
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
        Int(inputOffset(ofNode: index) &- UInt32(truncatingIfNeeded: locator.baseOffset))
    }
}
