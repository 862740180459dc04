/// Where each node of a batch came from, for batches whose bytes are not the input itself.
///
/// Readers of other formats (YAML, CSV) write each value as a JSON token into the batch's bytes,
/// so a token's offset says nothing about the input. Such a batch carries this map: each node's
/// offset in the input text it was read from, and that text, so that a node is located (line,
/// column, excerpt) as a JSON node is, by counting, only when an error asks for it. About a byte
/// a node for YAML (`NodeOffsets`); for CSV four bytes a row and a few more for a wide one
/// (`CSVRowPlaces`): the cells between are found by scanning their row again.
/// JSON batches have none and locate nodes by their own offsets.
public struct NodeSourceMap: Sendable {
    /// How each node's input offset is kept.
    private enum Places: Sendable {
        /// One offset a node, in node order, about a byte each: where each value starts in the
        /// input, modulo 2^32 (`text` is shorter than 4 GiB, so its place in `text` is a
        /// wrapping subtraction).
        case eachNode(NodeOffsets)
        /// A batch of CSV rows, one record each (`roots`): each row's start and a few of its
        /// cells' (`CSVRowPlaces`), the others found by scanning the row again. A record's
        /// members (`keyed`) or elements are its cells in order; a key and its value share
        /// their cell's place.
        case csvRows(CSVRowPlaces, roots: [Int32], keyed: Bool, scanner: CSVRowScanner)
        /// A tape built from another batch's (`TapeBuilder`): the node of that batch each node
        /// stands for.
        indirect case rebuilt(from: NodeSourceMap, origins: NodeOrigins)
    }

    private let places: Places
    /// The input text holding every node; it starts at the start of a line.
    public let text: ByteStorage
    /// Where `text` starts in the input, and what ends its lines.
    public let locator: SourceLocator

    /// Creates a map: `offsets` (one a node) into the input, whose `text` starts as `locator` says.
    public init(offsets: NodeOffsets, text: ByteStorage, locator: SourceLocator) {
        self.init(places: .eachNode(offsets), text: text, locator: locator)
    }

    /// Creates a map of a batch of CSV records (`roots`), each read from one row of `text`.
    init(
        rows: CSVRowPlaces, roots: [Int32], keyed: Bool, scanner: CSVRowScanner, text: ByteStorage,
        locator: SourceLocator
    ) {
        self.init(places: .csvRows(rows, roots: roots, keyed: keyed, scanner: scanner), text: text, locator: locator)
    }

    private init(places: Places, text: ByteStorage, locator: SourceLocator) {
        self.places = places
        self.text = text
        self.locator = locator
    }

    /// The bytes the places take (the text not counted).
    public var placesByteCount: Int {
        switch places {
        case .eachNode(let offsets): return offsets.byteCount
        case .csvRows(let rows, _, _, _): return rows.byteCount
        case .rebuilt(let source, let origins): return source.placesByteCount + origins.byteCount
        }
    }

    /// The map of a tape built from this map's batch, whose node `i` stands for this batch's
    /// node `origins[i]`. It keeps this map and looks each node up through it, so a rebuilt
    /// record costs its runs of origins, not a copy of its places (a byte a node from YAML,
    /// held twice for a huge record).
    public func rebuilt(origins: NodeOrigins) -> NodeSourceMap {
        switch places {
        case .eachNode, .csvRows:
            return NodeSourceMap(places: .rebuilt(from: self, origins: origins), text: text, locator: locator)
        case .rebuilt(let source, let earlier):
            var composed = NodeOrigins()
            for origin in origins { composed.append(earlier[origin]) }
            return NodeSourceMap(places: .rebuilt(from: source, origins: composed), text: text, locator: locator)
        }
    }

    /// Where node `index`'s value starts in the input, modulo 2^32.
    public func inputOffset(ofNode index: Int) -> UInt32 {
        switch places {
        case .eachNode(let offsets):
            return offsets[index]
        case .rebuilt(let source, let origins):
            return source.inputOffset(ofNode: origins[index])
        case .csvRows(let rows, let roots, let keyed, let scanner):
            let row = Self.record(holding: index, roots: roots)
            let root = Int(roots[row])
            guard index > root else { return rows.start(ofRow: row) }
            let cell = Self.cell(ofNode: index, root: root, keyed: keyed)
            return text.withUnsafeBufferPointer { text in
                rows.start(
                    ofCell: cell, inRow: row, text: text, base: UInt32(truncatingIfNeeded: locator.baseOffset),
                    scanner: scanner)
            }
        }
    }

    /// Where node `index` of a batch of CSV rows starts in the input, given a node before it:
    /// a cell after the one before in the same row is scanned for from that one, when that is
    /// nearer than the kept cell before it (locating a row's cells in order scans the row once,
    /// not up to 63 fields a cell).
    private func csvInputOffset(
        ofNode index: Int, after previous: NodeInputOffset, rows: CSVRowPlaces, roots: [Int32], keyed: Bool,
        scanner: CSVRowScanner
    ) -> UInt32 {
        let row = Self.record(holding: index, roots: roots)
        let root = Int(roots[row])
        guard index > root, previous.node >= root, previous.node < index else { return inputOffset(ofNode: index) }
        // A row starts where its first cell does.
        let previousCell = previous.node == root ? 0 : Self.cell(ofNode: previous.node, root: root, keyed: keyed)
        return text.withUnsafeBufferPointer { text in
            rows.start(
                ofCell: Self.cell(ofNode: index, root: root, keyed: keyed), inRow: row,
                after: (previousCell, previous.inputOffset), text: text,
                base: UInt32(truncatingIfNeeded: locator.baseOffset), scanner: scanner)
        }
    }

    /// The cell of its row that node `index` (after the row's root, `root`) is: a record's
    /// members (`keyed`) or elements are its cells in order, a key and its value in one cell.
    private static func cell(ofNode index: Int, root: Int, keyed: Bool) -> Int {
        keyed ? (index - root - 1) / 2 : index - root - 1
    }

    /// The index of the last record whose root is at or before node `index`.
    private static func record(holding index: Int, roots: [Int32]) -> Int {
        var low = 0
        var high = roots.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(roots[middle]) <= index { low = middle } else { high = middle - 1 }
        }
        return low
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
    func offset(ofNode index: Int) -> Int {
        textOffset(ofInput: inputOffset(ofNode: index))
    }

    /// Where node `index` starts in `text`, given where a node before it starts in the input:
    /// one step from it, not up to 63, when that is the node just before (YAML's offsets); for
    /// a later cell of the same CSV row, a scan from that node's cell when it is nearer than
    /// the kept one.
    func offset(ofNode index: Int, after previous: NodeInputOffset?) -> NodeInputOffset {
        let input: UInt32
        switch (previous, places) {
        case (let previous?, .eachNode(let offsets)):
            input = offsets.offset(ofNode: index, after: (previous.node, previous.inputOffset))
        case (let previous?, .csvRows(let rows, let roots, let keyed, let scanner)):
            input = csvInputOffset(
                ofNode: index, after: previous, rows: rows, roots: roots, keyed: keyed, scanner: scanner)
        default:
            input = inputOffset(ofNode: index)
        }
        return NodeInputOffset(node: index, inputOffset: input, textOffset: textOffset(ofInput: input))
    }

    /// Where an input offset (modulo 2^32) lies in `text`.
    private func textOffset(ofInput offset: UInt32) -> Int {
        Int(offset &- UInt32(truncatingIfNeeded: locator.baseOffset))
    }
}

/// A node and where it starts, in the input (modulo 2^32, as `NodeSourceMap` keeps it) and in
/// the map's text: what locating the next node steps on from.
struct NodeInputOffset {
    var node: Int
    var inputOffset: UInt32
    var textOffset: Int
}
