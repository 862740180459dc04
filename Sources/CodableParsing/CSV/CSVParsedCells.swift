/// The values of a row that lie inside cells holding a JSON object as text (keys nested back from a
/// CSV cell `{"a":1,"b":{"c":2}}`, whose members become columns of their own), for a
/// `CSVWriter` that walks the record nested as it writes it: each such value placed in a
/// column is listed here (its cell's string node, and its node in the cell's text scanned),
/// and the cell is scanned again when the row is written. The cell scanned last is kept, so
/// that its values, which come one after another in the header (sorted or not: names sharing
/// a prefix sort together), take one scan.
struct CSVParsedCells {
    /// The values placed in the current row: their cell's string node in the record, and their
    /// node in the nodes of its text scanned.
    private var placed: [(cell: Int32, node: Int32)] = []
    /// The cell scanned last (-1: none), its unescaped text, and its nodes.
    private var cell = -1
    private var text: [UInt8] = []
    private var scanned = EmbeddedJSON()

    /// Lists node `node` of cell `cell`'s text scanned as placed in a column; returns what the
    /// column's cell holds for it (-2 and below: it is not a node of the record).
    mutating func place(node: Int, ofCell cell: Int) -> Int32 {
        placed.append((Int32(truncatingIfNeeded: cell), Int32(truncatingIfNeeded: node)))
        return Int32(truncatingIfNeeded: -2 - (placed.count - 1))
    }

    /// Forgets the values placed and the cell scanned: a new row starts.
    mutating func startRow() {
        placed.removeAll(keepingCapacity: true)
        cell = -1
    }

    /// Calls `body` with the value a column's cell holds (`code`, from `place`): its node in the
    /// scanned text of its cell (a string node of `nodes`, whose bytes are `bytes`), those nodes,
    /// and that text. (It scans as it did when placed; were it not to, the cell stays empty.)
    mutating func withValue(
        _ code: Int32, nodes: NodeTape, bytes: UnsafePointer<UInt8>,
        _ body: (_ node: Int, _ nodes: NodeTape, _ text: UnsafePointer<UInt8>) -> Void
    ) {
        let entry = placed[Int(-2 - code)]
        if Int(entry.cell) != cell {
            cell = Int(entry.cell)
            text = nodes[cell].stringBytes(in: bytes)
            guard text.withUnsafeBufferPointer({ scanned.scan($0) }) else {
                cell = -1
                return
            }
        }
        text.withUnsafeBufferPointer { text in
            scanned.nodes.withNodes { body(Int(entry.node), $0, text.baseAddress!) }
        }
    }
}
