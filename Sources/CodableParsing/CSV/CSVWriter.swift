/// Writes records as CSV or TSV rows (RFC 4180 quoting, only where needed).
///
/// - The header is `columns` when given, else the first record's fields. A chosen column that
///   names an object (`owner`) holds it whole, as JSON text.
/// - Nested objects are flattened to dotted names (`owner.email`); arrays and empty objects are
///   written as compact JSON text in one cell.
/// - Numbers are written exactly as read; `true`, `false` and `null` as those words; strings as
///   their text, quoted when they hold the delimiter, a quote or a line break, when they are
///   empty, or when they would read back as a number, boolean or null (`"42"`, `"true"`), so
///   that a CSV reader that types only unquoted cells gives back the same records.
/// - A field of a later record that is not a column is dropped and reported once per name
///   (`takeIssues()`); a column a record lacks is an empty cell. A record that is not an object
///   is reported and skipped.
/// - Rows end in LF.
public final class CSVWriter: RecordFormatter {
    /// Something the caller should tell the user about.
    public enum Issue: Sendable {
        /// A field that is not a column (reported for the first record that has it).
        case droppedField(name: String, record: Record, node: Int)
        /// A record that cannot be a row: not an object (or, when the first record was an
        /// array, not an array). `message` says why.
        case unwritable(record: Record, message: String)
    }

    /// The bytes written so far; drain them with `removeAll()` after writing them out.
    public let output: OutputBuffer
    private let delimiter: UInt8
    private let sortKeys: Bool
    var columns = CSVColumns()
    /// While the first record names the columns: its fields are known distinct
    /// (`RecordBatch.keysAreDistinct`), so each is added without a lookup.
    var namesAreDistinct = false
    private var headerWritten = false
    /// The columns were chosen: other fields are left out without a word.
    let columnsChosen: Bool
    /// A record could not be written: the rest are not either.
    private var stopped = false
    /// Records are arrays, written as rows without a header (decided by the first record).
    private var arrayRows: Bool?
    private var issues: [Issue] = []
    private var reportedNames: Set<[UInt8]> = []
    /// Per column: the value node of the current record, or -1 (each is set back to -1 as the
    /// row is written).
    var cells: [Int32] = []
    var path = OutputCursor(capacity: 256)
    /// The edit of the record being written, if it has one that changes its shape.
    private(set) var edit: RecordEdit?
    var jsonWriter = JSONWriter()
    var scratch = OutputCursor(capacity: 4096)
    /// The record's keys are nested back as it is written, and its string values that hold a
    /// JSON array or object are written as that value (`UnflattenedOrder.parsesJSONText`): an
    /// array in its cell, an object's members in columns of their own.
    private var parsesJSONText = false
    /// The JSON text of the cell written last, scanned (`parsesJSONText`).
    var embeddedJSON = EmbeddedJSON()
    /// The row's values inside cells holding a JSON object as text (`parsesJSONText`), placed
    /// in columns of their own.
    var parsedCells = CSVParsedCells()
    /// The open objects of `walkMembers`, kept between records so walking allocates nothing.
    private var walkFrames: [(end: Int, next: Int, pathCount: Int)] = []
    /// The walk of records with their edits, and its open objects, kept between records.
    private var editedWalk = EditedRecordWalk()
    private var leafMemberStarts: [Int] = []
    /// The edit of a record that has none.
    private let noEdit = RecordEdit()
    /// Bytes that force quoting: the delimiter, `"`, CR, LF.
    private var special = [Bool](repeating: false, count: 256)

    /// Creates a writer; `columns` (dotted names) fixes the header, else the first record does.
    public init(
        dialect: CSVDialect, columns: [String]? = nil, sortKeys: Bool = false, output: OutputBuffer = OutputBuffer()
    ) {
        self.output = output
        self.delimiter = dialect.delimiter
        self.sortKeys = sortKeys
        self.columnsChosen = columns != nil
        for byte in [dialect.delimiter, UInt8(ascii: "\""), 0x0D, 0x0A] { special[Int(byte)] = true }
        if let columns {
            for name in columns { self.columns.append(Array(name.utf8)) }
        }
    }

    deinit {
        path.release()
        scratch.release()
    }

    /// What happened since the last call that the user should hear of.
    public func takeIssues() -> [Issue] {
        defer { issues = [] }
        return issues
    }

    /// Writes every record of a batch.
    public func write(_ batch: RecordBatch) {
        for index in 0..<batch.count { write(batch[index], replacements: [:]) }
    }

    /// Writes one record as a row, with `replacements` (JSON text) in place of the nodes they name.
    public func write(_ record: Record, replacements: NodeReplacements) {
        write(record, replacements: replacements, edit: nil)
    }

    /// Writes one record as a row with `edit` applied as it is written: picked members only, in
    /// their order (which orders the header's columns when the record makes it), dropped ones
    /// left out, renamed keys under their new names (in the columns' dotted names too), in
    /// cells that hold arrays and objects as well. With `unflattening` (and no other edit but
    /// replacements), its fields are those of the record nested back, in its order, and
    /// flattened again (`CSVLeafEvents`).
    /// Flattening (`RecordEdit.flattening`) is left aside: every record is flattened, with the
    /// same dots.
    public func write(_ record: Record, edit: RecordEdit) {
        var edit = edit
        if edit.flattening != nil { edit.flattening = nil }
        write(record, replacements: edit.replacements, edit: edit.keepsShape ? nil : edit)
    }

    private func write(_ record: Record, replacements: NodeReplacements, edit: RecordEdit?) {
        guard !stopped else { return }
        self.edit = edit
        parsesJSONText = edit?.unflattening?.parsesJSONText ?? false
        defer {
            self.edit = nil
            parsesJSONText = false
        }
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                let bytes = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                let kind = nodes[record.root].kind
                if arrayRows == nil { arrayRows = kind == .array && !columnsChosen }
                if arrayRows == true {
                    guard kind == .array else {
                        return stop(
                            record,
                            "the first record was an array, written as a row without a header, so every record must be an array, not \(kind.phrase)"
                        )
                    }
                    writeArrayRow(record.root, nodes: nodes, bytes: bytes, replacements: replacements)
                    return
                }
                guard kind == .object else {
                    let message =
                        headerWritten
                        ? "the first record was an object, so every record must be an object (a row of its fields), not \(kind.phrase)"
                        : "a CSV row needs an object (its fields) or an array (its elements), not \(kind.phrase)"
                    return stop(record, message)
                }
                if !headerWritten {
                    var fieldsInColumnOrder = false
                    if columns.count == 0 {
                        var leaves = 0
                        var nameBytes = 0
                        // a cell's JSON object may be many fields
                        if let order = edit?.unflattening, order.parsesJSONText {
                            Self.forEachUnflattenedLeaf(of: record.root, order: order, nodes: nodes, bytes: bytes) {
                                _, _, _, nameLength in
                                leaves += 1
                                nameBytes += nameLength
                            }
                        } else {
                            Self.forEachLeaf(of: record.root, nodes: nodes, bytes: bytes) { _, nameLength in
                                leaves += 1
                                nameBytes += nameLength
                            }
                        }
                        // A record of distinct keys (a CSV row with a header, a decoded record)
                        // names its columns without looking each up, when its dotted names are
                        // as distinct as its keys, and an edit only picks or drops them, so that
                        // no table of a huge record's columns is made (a decoded dictionary of
                        // many short keys, members picked).
                        namesAreDistinct =
                            (edit?.keepsNames ?? true) && record.batch.keysAreDistinct
                            && Self.dottedNamesAreDistinct(ofObjectAt: record.root, nodes: nodes, bytes: bytes)
                        defer { namesAreDistinct = false }
                        columns.reserve(columns: leaves, nameBytes: nameBytes, withTable: !namesAreDistinct)
                        walkLeaves(record, nodes: nodes, bytes: bytes, discovering: true)
                        guard !stopped else { return }
                        if sortKeys { columns.sort() }
                        // Each field its own column, in their order: no cell to place.
                        fieldsInColumnOrder =
                            !sortKeys && (edit == nil || edit?.unflattening != nil) && columns.count == leaves
                    }
                    writeHeader()
                    if fieldsInColumnOrder {
                        writeRowInFieldOrder(record.root, nodes: nodes, bytes: bytes, replacements: replacements)
                        return
                    }
                }
                if cells.count != columns.count { cells = [Int32](repeating: -1, count: columns.count) }
                if parsesJSONText { parsedCells.startRow() }
                walkLeaves(record, nodes: nodes, bytes: bytes, discovering: false)
                writeRow(nodes: nodes, bytes: bytes, replacements: replacements)
            }
        }
    }

    private func stop(_ record: Record, _ message: String) {
        issues.append(.unwritable(record: record, message: message))
        stopped = true
    }

    /// Ends the output (nothing is held back).
    public func finish() {}

    // MARK: Flattening

    /// Visits the record's leaves (values that are not non-empty objects) with their dotted
    /// names, its edit applied (`CSVLeafEvents`): discovering adds them as columns, otherwise
    /// they are placed in their column.
    private func walkLeaves(_ record: Record, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool) {
        var events = CSVLeafEvents(
            writer: self, record: record, nodes: nodes, bytes: bytes, discovering: discovering,
            memberStarts: leafMemberStarts)
        leafMemberStarts = []
        var walk = editedWalk
        editedWalk = EditedRecordWalk()
        walk.walk(record.root, nodes: nodes, bytes: bytes, edit: edit ?? noEdit, sortingKeys: false, into: &events)
        editedWalk = walk
        leafMemberStarts = events.memberStarts
    }

    /// Visits the leaves of the object at `object` (of `record`) as `walkLeaves` does, each
    /// named by the current path and its dotted name inside the object; the path is as it was
    /// when it returns. With `cell`, `nodes` and `bytes` are that cell's JSON text scanned
    /// (`CSVLeafEvents.embedded`), and its values are placed through `parsedCells`.
    func walkMembers(
        of object: Int, in record: Record, nodes: NodeTape, bytes: UnsafePointer<UInt8>, ofCell cell: Int? = nil,
        discovering: Bool, guess: inout Int
    ) {
        var frames = walkFrames
        walkFrames = []
        frames.removeAll(keepingCapacity: true)
        defer { walkFrames = frames }
        var index = object + 1
        var end = object + nodes[object].span
        while true {
            while index < end {
                let before = path.count
                appendKey(nodes[index], bytes: bytes)
                let value = index + 1
                let node = nodes[value]
                if node.kind == .object && node.size > 0
                    && !(columnsChosen && !discovering
                        && (cell.map { placeParsed(value, ofCell: $0, guess: &guess) } ?? place(value, guess: &guess)))
                {
                    frames.append((end, value + node.span, before))
                    path.append(UInt8(ascii: "."))
                    index = value + 1
                    end = value + node.span
                    continue
                }
                if let cell, !discovering {
                    if !placeParsed(value, ofCell: cell, guess: &guess) { dropped(record, key: cell - 1) }
                } else {
                    visitLeaf(
                        value, key: cell.map { $0 - 1 } ?? index, of: record, discovering: discovering, guess: &guess)
                }
                path.count = before
                index = value + node.span
            }
            guard let frame = frames.popLast() else { return }
            end = frame.end
            index = frame.next
            path.count = frame.pathCount
        }
    }

    /// Whether the dotted names of the leaves of the object at `root`, whose objects hold no two
    /// equal keys, are distinct: when it is flat (each name is a key), or no key on the way to
    /// a leaf holds a dot (else `{"a.b": 1, "a": {"b": 2}}` names two columns `a.b`).
    static func dottedNamesAreDistinct(ofObjectAt root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>) -> Bool {
        var nested = false
        var dotted = false
        var frames: [Int] = []  // where each object entered ends
        var index = root + 1
        var end = root + nodes[root].span
        while true {
            while index < end {
                if !dotted { dotted = nodes[index].withStringBytes(in: bytes) { $0.contains(UInt8(ascii: ".")) } }
                let value = index + 1
                let node = nodes[value]
                if node.kind == .object && node.size > 0 {
                    nested = true
                    if dotted { return false }
                    frames.append(end)
                    index = value + 1
                    end = value + node.span
                    continue
                }
                index = value + node.span
            }
            guard let outer = frames.popLast() else { return !(nested && dotted) }
            index = end
            end = outer
        }
    }

    /// Calls `body` with each leaf of the object at `root` (nested objects walked into, as
    /// `walk` does), in order: its value node, and the bytes its dotted name takes, at most
    /// (escaped keys counted as written).
    static func forEachLeaf(
        of root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, _ body: (_ value: Int, _ nameLength: Int) -> Void
    ) {
        var frames: [(end: Int, next: Int, prefix: Int)] = []
        var index = root + 1
        var end = root + nodes[root].span
        var prefix = 0
        while true {
            while index < end {
                let name = nodes[index].tokenLength(in: bytes) - 2
                let value = index + 1
                let node = nodes[value]
                if node.kind == .object && node.size > 0 {
                    frames.append((end, value + node.span, prefix))
                    prefix += name + 1
                    index = value + 1
                    end = value + node.span
                    continue
                }
                body(value, prefix + name)
                index = value + node.span
            }
            guard let frame = frames.popLast() else { return }
            end = frame.end
            index = frame.next
            prefix = frame.prefix
        }
    }

    /// A leaf at the current path: a new column when discovering, else placed in its column (or
    /// reported left out, when it has none).
    @inline(__always)
    func visitLeaf(_ value: Int, key: Int, of record: Record, discovering: Bool, guess: inout Int) {
        if discovering {
            guard !stopped else { return }
            guard columns.hasRoom(forNameOf: path.count) else {
                return stop(record, "its fields' dotted names take more than 4 GiB, too many for a CSV header")
            }
            let name = UnsafeBufferPointer(start: path.pointer, count: path.count)
            if namesAreDistinct { columns.appendDistinct(name) } else { columns.append(name) }
        } else if !place(value, guess: &guess) {
            dropped(record, key: key)
        }
    }

    /// Puts the value at node `value` in the column named by the current path, if there is one.
    @inline(__always)
    func place(_ value: Int, guess: inout Int) -> Bool {
        guard let column = column(guess: &guess) else { return false }
        cells[column] = Int32(truncatingIfNeeded: value)
        return true
    }

    /// The column named by the current path, if there is one (`guess`, the column expected, is
    /// moved on past it).
    @inline(__always)
    func column(guess: inout Int) -> Int? {
        let column = columns.index(of: path.pointer, count: path.count, guess: guess)
        guard column >= 0 else { return nil }
        guess = column + 1
        return column
    }

    func appendKey(_ key: JSONNode, bytes: UnsafePointer<UInt8>) {
        if key.hasEscapes {
            let unescaped = JSONString.unescape(key.token(in: bytes))
            unescaped.withUnsafeBufferPointer { path.append($0.baseAddress!, count: $0.count) }
        } else {
            path.append(bytes + Int(key.start) + 1, count: key.tokenLength(in: bytes) - 2)
        }
    }

    func dropped(_ record: Record, key: Int) {
        guard !columnsChosen else { return }
        let name = Array(UnsafeBufferPointer(start: path.pointer, count: path.count))
        guard reportedNames.insert(name).inserted else { return }
        issues.append(.droppedField(name: String(decoding: name, as: UTF8.self), record: record, node: key))
    }

    // MARK: Writing

    private func writeHeader() {
        headerWritten = true
        var out = output.beginAppending()
        for position in 0..<columns.count {
            if position > 0 { out.append(delimiter) }
            columns.name(columns.column(at: position)).withUnsafeBufferPointer {
                writeText($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count, isString: false, to: &out)
            }
        }
        out.append(0x0A)
        output.endAppending(out)
    }

    private func writeRow(nodes: NodeTape, bytes: UnsafePointer<UInt8>, replacements: NodeReplacements) {
        var out = output.beginAppending()
        for position in 0..<cells.count {
            if position > 0 { out.append(delimiter) }
            let column = columns.column(at: position)
            let cell = cells[column]
            guard cell != -1 else { continue }
            cells[column] = -1
            guard cell >= 0 else {
                parsedCells.withValue(cell, nodes: nodes, bytes: bytes) { node, parsed, text in
                    writeCell(node, nodes: parsed, bytes: text, replacements: [:], ofRecord: false, to: &out)
                }
                continue
            }
            writeCell(Int(cell), nodes: nodes, bytes: bytes, replacements: replacements, to: &out)
        }
        out.append(0x0A)
        output.endAppending(out)
    }

    /// Writes the row of the record at `root` whose fields made the columns, each its own, in
    /// their order: its leaves, one after another (nested back first, with `unflattening`),
    /// with no list of cells (4 bytes a column).
    private func writeRowInFieldOrder(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, replacements: NodeReplacements
    ) {
        var out = output.beginAppending()
        var first = true
        if let order = edit?.unflattening {
            Self.forEachUnflattenedLeaf(of: root, order: order, nodes: nodes, bytes: bytes) {
                value, leafNodes, leafBytes, _ in
                if !first { out.append(delimiter) }
                first = false
                let inRecord = leafBytes == bytes  // else a value of a cell's JSON text
                writeCell(
                    value, nodes: leafNodes, bytes: leafBytes, replacements: inRecord ? replacements : [:],
                    ofRecord: inRecord, to: &out)
            }
        } else {
            Self.forEachLeaf(of: root, nodes: nodes, bytes: bytes) { value, _ in
                if !first { out.append(delimiter) }
                first = false
                writeCell(value, nodes: nodes, bytes: bytes, replacements: replacements, to: &out)
            }
        }
        out.append(0x0A)
        output.endAppending(out)
    }

    private func writeArrayRow(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, replacements: NodeReplacements
    ) {
        var out = output.beginAppending()
        var element = root + 1
        let end = element + nodes[root].size
        var first = true
        while element < end {
            defer { element += nodes[element].span }
            if let edit, edit.dropped.contains(element) { continue }
            if !first { out.append(delimiter) }
            first = false
            writeCell(element, nodes: nodes, bytes: bytes, replacements: replacements, to: &out)
        }
        out.append(0x0A)
        output.endAppending(out)
    }

    /// Writes the value at node `index` as one cell: a node of the record (`ofRecord`: an array
    /// or object with the edit applied, a string's JSON text parsed when `parsesJSONText`), or
    /// a value of a cell's JSON text, written as it is (as the record rebuilt holds it).
    @inline(__always)
    private func writeCell(
        _ index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, replacements: NodeReplacements,
        ofRecord: Bool = true, to out: inout OutputCursor
    ) {
        if !replacements.isEmpty, let replacement = replacements[index] {
            writeJSONText(replacement, to: &out)
            return
        }
        let node = nodes[index]
        switch node.kind {
        case .number, .true, .false, .null:
            out.append(node.token(in: bytes))
        case .string:
            if parsesJSONText && ofRecord && writeParsedJSON(node, bytes: bytes, to: &out) { return }
            if node.hasEscapes {
                let text = JSONString.unescape(node.token(in: bytes))
                text.withUnsafeBufferPointer {
                    writeText($0.baseAddress ?? bytes, count: $0.count, isString: true, to: &out)
                }
            } else {
                writeText(bytes + Int(node.start) + 1, count: node.tokenLength(in: bytes) - 2, isString: true, to: &out)
            }
        case .array, .object:
            if node.span >= Self.nodesStreamedInACell {
                writeStreamedJSON(index, nodes: nodes, bytes: bytes, ofRecord: ofRecord, to: &out)
                return
            }
            scratch.count = 0
            writeJSON(index, nodes: nodes, bytes: bytes, ofRecord: ofRecord, to: &scratch)
            writeText(scratch.pointer, count: scratch.count, isString: false, to: &out)
        }
    }

    /// Writes the compact JSON text of the value at `index`, with the edit applied (to a node
    /// `ofRecord`).
    private func writeJSON(
        _ index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, ofRecord: Bool = true, to out: inout OutputCursor
    ) {
        if ofRecord, let edit {
            jsonWriter.write(root: index, nodes: nodes, bytes: bytes, level: 0, edit: edit, to: &out)
        } else {
            jsonWriter.write(root: index, nodes: nodes, bytes: bytes, level: 0, to: &out)
        }
    }

    /// From this many nodes on, an array or object in a cell is written as it is made, not into
    /// `scratch` first: a huge one is not held twice.
    static let nodesStreamedInACell = 1 << 12

    /// Writes the JSON text of the array or object at `index` as one cell, a piece at a time:
    /// written once to see whether it holds a byte that makes a cell quoted (as `writeText`
    /// quotes one), then into the cell, quotes doubled when it is quoted.
    private func writeStreamedJSON(
        _ index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, ofRecord: Bool, to out: inout OutputCursor
    ) {
        var special = false
        self.special.withUnsafeBufferPointer { table in
            writeInPieces(index, nodes: nodes, bytes: bytes, ofRecord: ofRecord) { piece in
                if !special { special = piece.contains { table[Int($0)] } }
            }
        }
        let sink = CellSink(cursor: out, doublesQuotes: special)
        if special { sink.cursor.append(UInt8(ascii: "\"")) }
        writeInPieces(index, nodes: nodes, bytes: bytes, ofRecord: ofRecord) { sink.take($0) }
        if special { sink.cursor.append(UInt8(ascii: "\"")) }
        out = sink.cursor
    }

    /// Writes the JSON text of the value at `index` (with the edit, to a node `ofRecord`) to `take`, 64 KiB at a time.
    private func writeInPieces(
        _ index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, ofRecord: Bool,
        _ take: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        var piece = OutputCursor(capacity: 1 << 16)
        piece.spill = OutputSpill(take)
        writeJSON(index, nodes: nodes, bytes: bytes, ofRecord: ofRecord, to: &piece)
        take(UnsafeRawBufferPointer(start: piece.pointer, count: piece.count))
        piece.release()
    }

    /// A replacement value (JSON text): a string is written as a string cell, anything else as is.
    private func writeJSONText(_ text: ArraySlice<UInt8>, to out: inout OutputCursor) {
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            if base[0] == UInt8(ascii: "\"") {
                let content = JSONString.unescape(buffer)
                content.withUnsafeBufferPointer {
                    writeText($0.baseAddress ?? base, count: $0.count, isString: true, to: &out)
                }
            } else {
                out.append(base, count: buffer.count)
            }
        }
    }

    /// Writes a cell's text, quoted when it must be (see the type's documentation).
    @inline(__always)
    func writeText(_ text: UnsafePointer<UInt8>, count: Int, isString: Bool, to out: inout OutputCursor) {
        var quote = isString && (count == 0 || CSVCell.looksTyped(text, count: count))
        // A text that starts with U+FEFF would read back as a byte-order mark when it is the
        // first thing in the file (a header's first name): quoted, it is a character.
        if count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { quote = true }
        if !quote {
            special.withUnsafeBufferPointer { table in
                var index = 0
                while index < count {
                    if table[Int(text[index])] {
                        quote = true
                        break
                    }
                    index &+= 1
                }
            }
        }
        guard quote else {
            out.append(text, count: count)
            return
        }
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < count {
            if text[index] == UInt8(ascii: "\"") {
                out.append(text + runStart, count: index + 1 - runStart)  // the quote, then its double
                runStart = index
            }
            index &+= 1
        }
        out.append(text + runStart, count: count - runStart)
        out.append(UInt8(ascii: "\""))
    }
}

/// Where the pieces of a streamed JSON cell go: the row's cursor, with every quote doubled when
/// the cell is quoted.
private final class CellSink {
    var cursor: OutputCursor
    let doublesQuotes: Bool

    init(cursor: OutputCursor, doublesQuotes: Bool) {
        self.cursor = cursor
        self.doublesQuotes = doublesQuotes
    }

    func take(_ piece: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress?.assumingMemoryBound(to: UInt8.self), !piece.isEmpty else { return }
        guard doublesQuotes else { return cursor.append(base, count: piece.count) }
        var runStart = 0
        for index in 0..<piece.count where base[index] == UInt8(ascii: "\"") {
            cursor.append(base + runStart, count: index + 1 - runStart)  // the quote, then its double
            runStart = index
        }
        cursor.append(base + runStart, count: piece.count - runStart)
    }
}
