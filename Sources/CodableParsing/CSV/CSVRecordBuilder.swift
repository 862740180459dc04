/// Builds the records of one batch of CSV rows: their nodes (in a wide row, a block of 16 small
/// values folded, `NodeCursor.foldIfSmall`), the JSON tokens the nodes point at (the cells'
/// values and the header's names, one after another, with no brackets, colons or commas: the
/// writer writes those from the nodes; a string starts on the closing quote of a string just
/// before it, `OutputCursor.shareClosingQuote`; an empty cell's token is written once a block,
/// `RecentTokens`), and where each row is in the input (`CSVRowPlaces`). A row is built as it is
/// scanned (the builder is the scanner's `CSVFieldSink`), and a row that turns out not whole,
/// blank, or bad is taken back out.
struct CSVRecordBuilder: CSVFieldSink {
    private var bytes: OutputCursor
    private let nodes: NodeBuffer
    /// The node storage, lent by `nodes` until the batch is made or the builder released
    /// (growing may move it).
    private var cursor: NodeCursor
    /// Where each row, and every 64th cell of a wide one, starts in the input.
    private var places: CSVRowPlaces
    /// Empty cells' tokens written for the nodes of the current block, to point at again.
    private var recent = RecentTokens()
    /// The input offset of the buffer the rows are read from.
    private let inputOffset: UInt32
    private(set) var roots: [Int32] = []
    /// The last row taken was wide (measured, and its room made exactly): the batch should end
    /// with it, since a row begun after it would grow the batch to twice that room.
    private(set) var endsWithWideRow = false
    private let emptyAsNull: Bool
    /// The most bytes of JSON the batch can hold (nodes point into them with 32-bit offsets).
    private let maxBytes: Int
    /// The most values one row's record can hold (its keys included).
    private let maxValues: Int
    /// The header every record of the batch is keyed by, once a row was read with one.
    private var header: CSVHeader?

    // The row being built.
    private var rowStart = 0
    private var mark = (bytes: 0, nodes: 0, places: (rows: 0, checkpoints: 0, firstCheckpoints: 0))
    /// Cells taken so far (with a header, past its count only counted).
    private var cells = 0
    /// The row's record has its room made (a wide row, measured first).
    private var roomMade = false
    private var firstIsBlank = false
    private var lastCellEnd = 0
    /// With a header: where the first cell past its count starts.
    private var firstExtraCell = 0

    /// A builder for about `capacity` bytes of input, from a buffer `inputOffset` bytes into it.
    init(capacity: Int, inputOffset: Int, options: CSVReaderOptions) {
        self.inputOffset = UInt32(truncatingIfNeeded: inputOffset)
        self.maxBytes = options.maxRecordBytes
        self.maxValues = options.maxValues
        self.emptyAsNull = options.emptyAsNull
        let size = max(256, capacity + capacity / 2)
        bytes = OutputCursor(capacity: size)
        nodes = NodeBuffer(capacity: max(256, capacity / 4))
        cursor = nodes.beginAppending()
        places = CSVRowPlaces(rowCapacity: max(64, capacity / 64))
    }

    /// Reads the row at `start` as a record: an object keyed by `header`'s names, or without
    /// one an array of the cells. Returns what the scan found; only a whole row (`.row`) that
    /// is not blank adds a record, and a row that fails adds nothing.
    mutating func appendRow(
        _ base: UnsafePointer<UInt8>, from start: Int, end: Int, isFinal: Bool, header: CSVHeader?,
        scanner: CSVRowScanner
    ) throws(JSONSyntaxError) -> CSVRowScanner.Outcome {
        self.header = header
        begin(at: start, roomMade: false)
        do {
            var outcome = try scanner.scanRow(base, from: start, end: end, isFinal: isFinal, into: &self)
            if case .stopped = outcome {  // a wide row: measure it, make its room, build it
                takeBack()
                var row = CSVRowMeasure(emptyAsNull: emptyAsNull)
                outcome = try scanner.scanRow(base, from: start, end: end, isFinal: isFinal, into: &row)
                guard case .row = outcome else { return outcome }
                makeRoom(for: row)
                begin(at: start, roomMade: true)
                outcome = try scanner.scanRow(base, from: start, end: end, isFinal: isFinal, into: &self)
            }
            guard case .row = outcome else {
                takeBack()
                return outcome
            }
            try finishRow()
            return outcome
        } catch {
            takeBack()
            throw error
        }
    }

    private mutating func begin(at start: Int, roomMade: Bool) {
        rowStart = start
        mark = (bytes.count, cursor.count, places.mark)
        cells = 0
        self.roomMade = roomMade
        cursor.append(JSONNode(kind: header == nil ? .array : .object, start: bytes.nextTokenStart, length: 0))
        places.beginRow(at: UInt32(truncatingIfNeeded: start) &+ inputOffset)
    }

    /// Leaves the batch as it was before the row.
    private mutating func takeBack() {
        bytes.count = mark.bytes
        cursor.truncate(to: mark.nodes)
        places.takeBack(to: mark.places)
        recent.forget()  // it may hold tokens past the bytes kept
    }

    /// A row of more cells than this is measured before it is built.
    static let wideRow = 4096

    mutating func take(_ field: CSVField, in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) -> Bool {
        let column = cells
        cells += 1
        lastCellEnd = field.end
        if column == 0 { firstIsBlank = field.isBlank }
        if let header {
            guard column < header.count else {
                if column == header.count { firstExtraCell = field.start }
                return true  // only counted, for the error
            }
        }
        guard (header == nil ? 1 : 2) * cells <= maxValues else {
            throw JSONSyntaxError(.tooManyValues(limit: maxValues), at: rowStart)
        }
        if column == Self.wideRow && !roomMade { return false }
        places.noteCell(column, at: UInt32(truncatingIfNeeded: field.start) &+ inputOffset)
        if let header {
            header.withToken(column) { pointer, count in
                _ = bytes.shareClosingQuote()
                cursor.append(JSONNode(kind: .string, flags: header.flags[column], start: bytes.count, length: count))
                bytes.append(pointer, count: count)
            }
        }
        let length = field.contentEnd - field.contentStart
        let content = base + field.contentStart
        if length == 0 {  // a byte of input a value at most: its token is written once a block
            if !field.quoted && emptyAsNull {
                let start = bytes.count
                bytes.append("null")
                appendRepeatable(.null, start: start, sharedQuote: false)
            } else {
                let shared = bytes.shareClosingQuote()
                let start = bytes.count
                bytes.append("\"\"")
                appendRepeatable(.string, start: start, sharedQuote: shared)
            }
            return true
        }
        let start = bytes.count
        if !field.quoted {
            if let literal = CSVCell.literal(content, count: length) {
                bytes.append(content, count: length)
                appendValue(JSONNode(kind: literal, start: start, length: length))
                return true
            }
            if content[0] == UInt8(ascii: "-") || content[0] &- UInt8(ascii: "0") < 10,
                CSVCell.isNumber(content, count: length)
            {
                if length > JSONNode.maxNumberLength {
                    throw JSONSyntaxError(.numberTooLong(limit: JSONNode.maxNumberLength), at: field.start)
                }
                bytes.append(content, count: length)
                appendValue(JSONNode(kind: .number, start: start, length: length))
                return true
            }
        }
        let stringStart = bytes.shareClosingQuote() ? start - 1 : start
        let flags = try CSVCellEncoder.appendString(
            base, from: field.contentStart, to: field.contentEnd, collapsingQuotes: field.hasDoubledQuotes, to: &bytes)
        appendValue(JSONNode(kind: .string, flags: flags, start: stringStart, length: bytes.count - stringStart))
        return true
    }

    /// Appends a cell's value node: folded with the 15 before it when they are small, in a
    /// wide row only (a batch with a folded block is read through a slower lookup, which only a
    /// record of very many values is worth; others are bounded by the batch's size).
    @inline(__always)
    private mutating func appendValue(_ node: JSONNode) {
        let index = cursor.append(node)
        if roomMade && index & CompactNode.blockMask == CompactNode.blockMask {
            cursor.foldIfSmall(block: index >> CompactNode.blockShift, containersClosed: false)
        }
    }

    /// Appends the node of an empty cell's token, just written at `start`: pointing at the same
    /// token written earlier in its block, when there is one, and then the copy is dropped, all
    /// but its first byte when that is also the closing quote of the string before it
    /// (`sharedQuote`). A block of 16 such nodes in a wide row is then folded into one word.
    /// (Only for empty cells: looking for other values too would slow every row read.)
    @inline(never)
    private mutating func appendRepeatable(_ kind: JSONNode.Kind, start: Int, sharedQuote: Bool) {
        let length = bytes.count - start
        let placed = recent.start(ofTokenWrittenAt: start, length: length, forNode: cursor.count, in: bytes.pointer)
        if placed != start { bytes.count = sharedQuote ? start + 1 : start }
        appendValue(JSONNode(kind: kind, start: placed, length: length))
    }

    /// Closes the record of a whole row, or takes a blank line back out; a row whose cells do
    /// not match the header is an error.
    private mutating func finishRow() throws(JSONSyntaxError) {
        if cells == 1 && firstIsBlank {
            takeBack()
            return
        }
        if let header, cells != header.count {
            let place = cells > header.count ? firstExtraCell : lastCellEnd
            throw JSONSyntaxError(
                .format("row has \(cells) field\(cells == 1 ? "" : "s"), the header has \(header.count)"), at: place)
        }
        guard bytes.count <= maxBytes else { throw JSONSyntaxError(.recordTooLarge(limit: maxBytes), at: rowStart) }
        cursor.setSize(cursor.count - mark.nodes - 1, at: mark.nodes)
        roots.append(Int32(truncatingIfNeeded: mark.nodes))
        endsWithWideRow = roomMade
    }

    /// Makes room for a wide row's record (its bytes exactly, unless a cell needs escapes), so
    /// that the buffers do not grow by doubling past it: a row of a million cells is held once.
    private mutating func makeRoom(for row: CSVRowMeasure) {
        cursor.reserve((header == nil ? 1 : 2) * row.fields + 1)
        places.reserve(cells: row.fields)
        bytes.reserve((header?.tokenByteCount ?? 0) + row.valueBytes)
    }

    /// Hands the nodes back and frees the byte buffer (the builder is not used after this).
    func release() {
        nodes.endAppending(cursor)
        bytes.release()
    }

    /// The batch of the records built so far; `input` is the buffer the rows were read from
    /// (it starts at the start of a line and is kept to place errors), `locator` where it
    /// starts in the input, `scanner` what finds a cell in its row again: lines and columns are
    /// counted only for an error.
    mutating func makeBatch(input: ByteStorage, locator: SourceLocator, scanner: CSVRowScanner, firstRecordIndex: Int)
        -> RecordBatch
    {
        nodes.endAppending(cursor)
        let storage = ByteStorage(taking: &bytes, keepingCapacity: 256)
        let map = NodeSourceMap(
            rows: places, roots: roots, keyed: header != nil, scanner: scanner, text: input, locator: locator)
        places = CSVRowPlaces(rowCapacity: 0)
        // A CSV file is a table: its rows are records as the elements of a top-level array are
        // (coding paths `$[N]`, never written as a lone value).
        // Keyed by a header, whose names are checked distinct, every record is a flat object.
        return RecordBatch(
            bytes: storage, nodes: nodes, roots: roots, firstRecordIndex: firstRecordIndex, fromTopLevelArray: true,
            framing: .json, locator: .start, sourceMap: map, keysAreDistinct: header != nil)
    }
}
