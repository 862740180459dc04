/// Builds the records of one batch of CSV rows: synthesized JSON bytes (`{"name":value,…}`),
/// their nodes, and each node's offset in the input.
struct CSVRecordBuilder {
    private var bytes: OutputCursor
    private let nodes: NodeBuffer
    /// Each node's input offset (modulo 2^32, as `NodeSourceMap` keeps them).
    private var offsets: [UInt32] = []
    /// The input offset of the buffer the rows are read from.
    private let inputOffset: UInt32
    private(set) var roots: [Int32] = []
    private let emptyAsNull: Bool
    /// The most bytes of JSON the batch can hold (nodes point into them with 32-bit offsets).
    private let maxBytes: Int
    /// The most values one row's record can hold (its keys included).
    private let maxValues: Int

    /// A builder for about `capacity` bytes of input, from a buffer `inputOffset` bytes into it.
    init(
        capacity: Int, inputOffset: Int, emptyAsNull: Bool,
        maxBytes: Int = RecordReaderOptions.defaultMaxRecordBytes, maxValues: Int = JSONNode.maxValues
    ) {
        self.inputOffset = UInt32(truncatingIfNeeded: inputOffset)
        self.maxBytes = maxBytes
        self.maxValues = maxValues
        let size = max(256, capacity + capacity / 2)
        bytes = OutputCursor(capacity: size)
        nodes = NodeBuffer(capacity: max(256, capacity / 4))
        offsets.reserveCapacity(max(256, capacity / 4))
        self.emptyAsNull = emptyAsNull
    }

    /// Appends one row as a record: an object keyed by the header's names, or without a header
    /// an array of the cells. The node storage is lent for the row only and always handed back
    /// (growing may move it), as the scanner does for a value.
    mutating func appendRecord(_ fields: [CSVField], header: CSVHeader?, rowStart: Int, in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) {
        var cursor = nodes.beginAppending()
        defer { nodes.endAppending(cursor) }
        let mark = (bytes: bytes.count, nodes: cursor.count, offsets: offsets.count)
        do {
            try append(fields, header: header, rowStart: rowStart, in: base, to: &cursor)
        } catch {
            bytes.count = mark.bytes  // leave the batch as it was before the row
            cursor.truncate(to: mark.nodes)
            offsets.removeSubrange(mark.offsets...)
            throw error
        }
    }

    private mutating func append(_ fields: [CSVField], header: CSVHeader?, rowStart: Int, in base: UnsafePointer<UInt8>, to cursor: inout NodeCursor) throws(JSONSyntaxError) {
        guard (header == nil ? 1 : 2) * fields.count <= maxValues else { throw JSONSyntaxError(.tooManyValues(limit: maxValues), at: rowStart) }
        if fields.count >= Self.wideRow { reserve(for: fields, header: header, in: base, nodes: &cursor) }
        let root = header == nil
            ? cursor.append(JSONNode(kind: .array, start: bytes.count, length: fields.count))
            : cursor.append(JSONNode(kind: .object, start: bytes.count, length: 2 * fields.count))
        offsets.append(UInt32(truncatingIfNeeded: rowStart) &+ inputOffset)
        bytes.append(header == nil ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        for (column, field) in fields.enumerated() {
            if column > 0 { bytes.append(UInt8(ascii: ",")) }
            let place = UInt32(truncatingIfNeeded: field.start) &+ inputOffset
            if let header {
                header.withToken(column) { pointer, count in
                    cursor.append(JSONNode(kind: .string, flags: header.flags[column], start: bytes.count, length: count))
                    bytes.append(pointer, count: count)
                }
                bytes.append(UInt8(ascii: ":"))
                offsets.append(place)
            }
            offsets.append(place)
            let start = bytes.count
            let length = field.contentEnd - field.contentStart
            let content = base + field.contentStart
            if !field.quoted {
                if length == 0 && emptyAsNull {
                    bytes.append("null")
                    cursor.append(JSONNode(kind: .null, start: start, length: 4))
                    continue
                }
                if let literal = CSVCell.literal(content, count: length) {
                    bytes.append(content, count: length)
                    cursor.append(JSONNode(kind: literal, start: start, length: length))
                    continue
                }
                if length > 0 && (content[0] == UInt8(ascii: "-") || content[0] &- UInt8(ascii: "0") < 10) && CSVCell.isNumber(content, count: length) {
                    if length > JSONNode.maxNumberLength { throw JSONSyntaxError(.numberTooLong(limit: JSONNode.maxNumberLength), at: field.start) }
                    bytes.append(content, count: length)
                    cursor.append(JSONNode(kind: .number, start: start, length: length))
                    continue
                }
            }
            let flags = try CSVCellEncoder.appendString(base, from: field.contentStart, to: field.contentEnd, collapsingQuotes: field.hasDoubledQuotes, to: &bytes)
            cursor.append(JSONNode(kind: .string, flags: flags, start: start, length: bytes.count - start))
        }
        bytes.append(header == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        guard bytes.count <= maxBytes else { throw JSONSyntaxError(.recordTooLarge(limit: maxBytes), at: rowStart) }
        roots.append(Int32(truncatingIfNeeded: root))
    }

    /// A row of this many cells or more has its record's room made up front.
    static let wideRow = 4096

    /// Makes room for a wide row's record (its bytes exactly, unless a cell needs escapes), so
    /// that the buffers do not grow by doubling past it: a row of a million cells is held once.
    private mutating func reserve(for fields: [CSVField], header: CSVHeader?, in base: UnsafePointer<UInt8>, nodes cursor: inout NodeCursor) {
        let values = (header == nil ? 1 : 2) * fields.count + 1
        cursor.reserve(values)
        if offsets.capacity < offsets.count + values { offsets.reserveCapacity(max(offsets.count + values, 2 * offsets.capacity)) }
        // Brackets, commas, and with a header each name and its ':'.
        var length = 1 + fields.count + (header.map { $0.tokenByteCount + fields.count } ?? 0)
        for field in fields {
            let count = field.contentEnd - field.contentStart
            let content = base + field.contentStart
            if field.quoted {
                length += count + 2
            } else if count == 0 {
                length += emptyAsNull ? 4 : 2
            } else {
                length += CSVCell.looksTyped(content, count: count) ? count : count + 2
            }
        }
        bytes.reserve(length)
    }

    /// Frees the byte buffer (the builder is not used after this).
    func release() {
        bytes.release()
    }

    /// The batch of the records built so far; `input` is the buffer the rows were read from
    /// (it starts at the start of a line), `locator` where it starts in the input. Each node
    /// keeps its cell's input offset: lines and columns are counted only for an error.
    mutating func makeBatch(input: ByteStorage, locator: SourceLocator, firstRecordIndex: Int) -> RecordBatch {
        let storage = ByteStorage(taking: &bytes, keepingCapacity: 256)
        let map = NodeSourceMap(offsets: offsets, text: input, locator: locator)
        offsets = []
        // A CSV file is a table: its rows are records as the elements of a top-level array are
        // (coding paths `$[N]`, never written as a lone value).
        return RecordBatch(
            bytes: storage, nodes: nodes, roots: roots, firstRecordIndex: firstRecordIndex, fromTopLevelArray: true,
            framing: .json, locator: .start, sourceMap: map)
    }
}
