/// Where the rows of a batch of CSV records, and their cells, are in the input: each row's
/// start, and the start of every `stride`-th cell of a wide row. A cell between two is found,
/// only when an error asks for it, by scanning from the one before (at most `stride - 1`
/// fields). A row of single digits (`0,0,…`, 2 bytes a cell) costs 4 bytes a row and 1/16 of
/// a byte a cell here, not the 4 bytes a cell an offset each would take.
///
/// Offsets are absolute, modulo 2^32, as `NodeSourceMap` keeps them.
struct CSVRowPlaces: Sendable {
    /// Every this many cells, a cell's offset is kept.
    static let stride = 64

    /// Each row's start.
    private var rowStarts: [UInt32] = []
    /// The offsets of cells `stride`, `2 * stride`, … of each row, row after row.
    private var checkpoints: [UInt32] = []
    /// Each row's first entry in `checkpoints`; empty while no row has one (then, one a row).
    private var firstCheckpoints: [UInt32] = []

    /// A mark to go back to (`takeBack(to:)`): what each list held.
    typealias Mark = (rows: Int, checkpoints: Int, firstCheckpoints: Int)

    init(rowCapacity: Int) {
        rowStarts.reserveCapacity(rowCapacity)
    }

    /// The number of rows.
    var count: Int { rowStarts.count }

    /// The bytes the places take.
    var byteCount: Int { (rowStarts.count + checkpoints.count + firstCheckpoints.count) * MemoryLayout<UInt32>.stride }

    /// Where the lists stand (before a row that may be taken back).
    var mark: Mark { (rowStarts.count, checkpoints.count, firstCheckpoints.count) }

    /// Forgets what was added since `mark`.
    mutating func takeBack(to mark: Mark) {
        rowStarts.removeSubrange(mark.rows...)
        checkpoints.removeSubrange(mark.checkpoints...)
        firstCheckpoints.removeSubrange(mark.firstCheckpoints...)
    }

    /// Starts a row at input offset `start`.
    mutating func beginRow(at start: UInt32) {
        rowStarts.append(start)
        if !firstCheckpoints.isEmpty { firstCheckpoints.append(UInt32(truncatingIfNeeded: checkpoints.count)) }
    }

    /// Notes the input offset of the current row's cell `column` when it is a checkpoint's.
    @inline(__always)
    mutating func noteCell(_ column: Int, at start: UInt32) {
        guard column & (Self.stride - 1) == 0, column > 0 else { return }
        if firstCheckpoints.isEmpty {  // the first wide row: every row gets an entry from here on
            firstCheckpoints = Array(repeating: UInt32(truncatingIfNeeded: checkpoints.count), count: rowStarts.count)
        }
        checkpoints.append(start)
    }

    /// Makes room for `cells` more cells of the current row (a wide row, measured first).
    mutating func reserve(cells: Int) {
        let needed = checkpoints.count + cells / Self.stride
        if checkpoints.capacity < needed { checkpoints.reserveCapacity(max(needed, 2 * checkpoints.capacity)) }
    }

    /// The input offset of row `row`'s start.
    func start(ofRow row: Int) -> UInt32 { rowStarts[row] }

    /// The input offset of cell `cell` of row `row`, found in `text` (which starts at input
    /// offset `base` and holds the row) by `scanner`, from the nearest cell whose offset is kept.
    func start(ofCell cell: Int, inRow row: Int, text: UnsafeBufferPointer<UInt8>, base: UInt32, scanner: CSVRowScanner)
        -> UInt32
    {
        let from =
            cell >= Self.stride ? checkpoints[Int(firstCheckpoints[row]) + cell / Self.stride - 1] : rowStarts[row]
        return start(ofCellSkipping: cell % Self.stride, from: from, text: text, base: base, scanner: scanner)
    }

    /// The same, given `known`, an earlier cell of the row and its input offset: scanned for from
    /// that cell when it is nearer than the kept one.
    func start(
        ofCell cell: Int, inRow row: Int, after known: (cell: Int, offset: UInt32), text: UnsafeBufferPointer<UInt8>,
        base: UInt32, scanner: CSVRowScanner
    ) -> UInt32 {
        guard known.cell <= cell, cell - known.cell < cell % Self.stride else {
            return start(ofCell: cell, inRow: row, text: text, base: base, scanner: scanner)
        }
        return start(ofCellSkipping: cell - known.cell, from: known.offset, text: text, base: base, scanner: scanner)
    }

    /// The input offset of the cell `skipped` fields after the one starting at input offset `from`.
    private func start(
        ofCellSkipping skipped: Int, from: UInt32, text: UnsafeBufferPointer<UInt8>, base: UInt32,
        scanner: CSVRowScanner
    ) -> UInt32 {
        guard skipped > 0, let pointer = text.baseAddress else { return from }
        var finder = CSVFieldFinder(target: skipped)
        _ = try? scanner.scanRow(pointer, from: Int(from &- base), end: text.count, isFinal: true, into: &finder)
        return finder.found.map { UInt32(truncatingIfNeeded: $0) &+ base } ?? from
    }
}

/// Finds where a row's field `target` (counted from 0) starts, and stops there.
private struct CSVFieldFinder: CSVFieldSink {
    let target: Int
    private var seen = 0
    private(set) var found: Int?

    init(target: Int) {
        self.target = target
    }

    mutating func take(_ field: CSVField, in base: UnsafePointer<UInt8>) -> Bool {
        guard seen == target else {
            seen += 1
            return true
        }
        found = field.start
        return false
    }
}
