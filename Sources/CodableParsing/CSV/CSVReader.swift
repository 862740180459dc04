/// Choices for reading CSV and TSV.
public struct CSVReaderOptions: Sendable {
    /// CSV or TSV.
    public var dialect: CSVDialect
    /// Unquoted empty cells are `null` (otherwise empty strings).
    public var emptyAsNull: Bool
    /// The first row names the fields (records are objects); otherwise every row is a record,
    /// an array of its cells, and rows may differ in length.
    public var hasHeader: Bool
    /// A row longer than this many bytes is an error (it is most likely an unclosed quote).
    public var maxRowLength: Int
    /// A cell longer than this many bytes as written (quotes included) is an error
    /// (the token length limit).
    public var maxTokenLength: Int
    /// Bytes asked of the source per read.
    public var chunkSize: Int
    /// The most bytes of JSON a batch of records can be made into: nodes point into them with
    /// 32-bit offsets, so a row that takes a batch past it is an error.
    public var maxRecordBytes: Int
    /// A row making a record of more values than this (a header's names count too) is an
    /// error; at most `JSONNode.maxValues`.
    public var maxValues: Int
    /// Whether a row that is whole but not a valid record (a wrong number of fields, a cell
    /// that cannot be read) is thrown as a `skippedRecord` and reading goes on at the next row
    /// (bad records skipped). A broken quote or a bad header still stops the reading: after
    /// them, where a row begins is not known.
    public var resumesAfterMalformedRecords = false

    /// The default row limit: 1 GiB, twice the default longest cell.
    public static let defaultMaxRowLength = 1 << 30

    /// CSV, empty cells as empty strings, rows up to 1 GiB, cells up to 512 MiB, 1 MiB reads.
    public init(
        dialect: CSVDialect = .csv, emptyAsNull: Bool = false, hasHeader: Bool = true,
        maxRowLength: Int = CSVReaderOptions.defaultMaxRowLength,
        maxTokenLength: Int = RecordReaderOptions.defaultMaxTokenLength,
        chunkSize: Int = 1 << 20, maxRecordBytes: Int = RecordReaderOptions.defaultMaxRecordBytes,
        maxValues: Int = JSONNode.maxValues
    ) {
        self.dialect = dialect
        self.emptyAsNull = emptyAsNull
        self.hasHeader = hasHeader
        self.maxRowLength = min(maxRowLength, Self.defaultMaxRowLength)  // CSVField's offsets are 32-bit
        self.maxTokenLength = maxTokenLength
        self.chunkSize = chunkSize
        self.maxRecordBytes = min(maxRecordBytes, RecordReaderOptions.defaultMaxRecordBytes)
        self.maxValues = min(maxValues, JSONNode.maxValues)
    }
}

/// Reads CSV or TSV records: the first row names the fields, each later row is one record, an
/// object with the header's names as keys, in order, on the same tape the JSON reader makes.
/// Without a header (`hasHeader` false) each row is an array of its cells.
///
/// Cell typing (the CSV writer's counterpart, so JSON → CSV → JSON gives back flat records):
/// a quoted cell is a string; an unquoted one is a number when it follows JSON's number grammar
/// (its text kept exactly), `true`/`false`/`null` when it is that word, the empty string (or
/// `null`, with `emptyAsNull`) when empty, and a string otherwise.
///
/// Rows: a UTF-8 byte-order mark is skipped; LF, CRLF and CR end rows; blank lines are skipped;
/// a row with more or fewer fields than the header is an error, as is an empty or repeated
/// header name. Each node keeps its cell's place in the input (`RecordBatch.sourceMap`).
/// A row is built as it is scanned, so a bad row's error is its first problem, cell by cell.
///
/// Streams in constant memory: one batch per buffer of input.
public final class CSVReader<Source: ByteSource>: RecordBatchReader {
    private var source: Source
    private let options: CSVReaderOptions
    private let scanner: CSVRowScanner
    private var storage = ByteStorage(capacity: 0)
    // Touched once per row: no dynamic exclusivity checks (the reader is used by one thread,
    // and no access to it overlaps another).
    @exclusivity(unchecked) private var position = 0
    /// Lines end where rows may: at CRLF, LF or a lone CR.
    private var locator = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1, lineBreaks: .returnOrLineFeed)
    private var endOfInput = false
    private var finished = false
    private var started = false
    /// The last scan found no whole row in a buffer holding at least a chunk: read until the
    /// buffer is full before scanning again (a row of many MB coming through a pipe, 64 KiB a
    /// read, is then scanned a few times, not once per read).
    private var stalled = false
    private var header: CSVHeader?
    private var recordsRead = 0
    private var pendingError: RecordReadError?
    /// The problem of a row the last scan skipped (`resumesAfterMalformedRecords`).
    private var skippedRow: JSONSyntaxError?

    /// Creates a reader over `source`.
    public init(source: Source, options: CSVReaderOptions = CSVReaderOptions()) {
        self.source = source
        self.options = options
        self.scanner = CSVRowScanner(
            delimiter: options.dialect.delimiter, maxFieldLength: options.maxTokenLength,
            maxRowLength: options.maxRowLength)
    }

    /// A reader over one chunk of whole rows (see `CSVChunker`): everything is read already,
    /// the header too, and locations count from the chunk's place in the input.
    convenience init(chunk: CSVChunk, options: CSVReaderOptions) where Source == InMemoryByteSource {
        self.init(
            resuming: InMemoryByteSource([]), storage: chunk.bytes, at: chunk.start, locator: chunk.locator,
            header: chunk.header, started: true, endOfInput: true, options: options)
    }

    /// A reader that goes on from `position` of `storage` (whose first byte is where `locator`
    /// says), then reads `source`: at the start of a row, after `header` when `started`, or
    /// otherwise at the start of the input.
    convenience init(
        resuming source: Source, storage: ByteStorage, at position: Int, locator: SourceLocator, header: CSVHeader?,
        started: Bool, endOfInput: Bool, options: CSVReaderOptions
    ) {
        self.init(source: source, options: options)
        self.storage = storage
        self.position = position
        self.locator = locator
        self.header = header
        self.started = started
        self.endOfInput = endOfInput
    }

    /// The next batch of records, or nil at the end of the input. Records read before a
    /// malformed row are returned first; the error comes with the following call.
    ///
    /// With `resumesAfterMalformedRecords`, a bad row is thrown as a `skippedRecord` (after
    /// the records before it) and counts as a record; the call after it reads on.
    public func nextBatch() throws(RecordReadError) -> RecordBatch? {
        if let error = pendingError {
            pendingError = nil
            if !error.isSkippedRecord { finished = true }
            throw error
        }
        while !finished {
            try refill()
            var builder = CSVRecordBuilder(
                capacity: min(storage.count, chunkSize), inputOffset: locator.baseOffset, options: options)
            defer { builder.release() }
            var failure: JSONSyntaxError?
            storage.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                do throws(JSONSyntaxError) {
                    try scanRows(base, buffer.count, into: &builder)
                } catch {
                    failure = error
                }
            }
            if let skipped = skippedRow {
                skippedRow = nil
                let error = storage.withUnsafeBufferPointer { buffer in
                    RecordReadError.skippedRecord(
                        skipped.reason, locator.location(of: skipped.offset, in: buffer),
                        locator.excerpt(at: skipped.offset, in: buffer))
                }
                defer { recordsRead += 1 }  // after the records before it
                guard builder.roots.isEmpty else {
                    pendingError = error
                    return makeBatch(&builder)
                }
                throw error
            }
            if let failure {
                let error = storage.withUnsafeBufferPointer { buffer in
                    RecordReadError.malformed(
                        failure.reason, locator.location(of: failure.offset, in: buffer),
                        locator.excerpt(at: failure.offset, in: buffer))
                }
                guard builder.roots.isEmpty else {
                    pendingError = error
                    return makeBatch(&builder)
                }
                finished = true
                throw error
            }
            if !builder.roots.isEmpty { return makeBatch(&builder) }
        }
        return nil
    }

    private func makeBatch(_ builder: inout CSVRecordBuilder) -> RecordBatch {
        defer { recordsRead += builder.roots.count }
        return builder.makeBatch(input: storage, locator: locator, scanner: scanner, firstRecordIndex: recordsRead)
    }

    /// Scans the whole rows in the buffer from `position`.
    private func scanRows(_ base: UnsafePointer<UInt8>, _ count: Int, into builder: inout CSVRecordBuilder)
        throws(JSONSyntaxError)
    {
        if !started {
            if count < 3 && !endOfInput { return }
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { position = 3 }
            started = true
        }
        var progressed = false
        while true {
            if position == count && endOfInput {
                finished = true
                return
            }
            let rowStart = position
            let outcome: CSVRowScanner.Outcome
            do throws(JSONSyntaxError) {
                outcome =
                    options.hasHeader && header == nil
                    ? try readHeader(base, from: rowStart, end: count)
                    : try builder.appendRow(
                        base, from: rowStart, end: count, isFinal: endOfInput, header: header, scanner: scanner)
            } catch {
                guard options.resumesAfterMalformedRecords, !options.hasHeader || header != nil,
                    let next = wholeRowEnd(base, from: rowStart, end: count)
                else { throw error }
                position = next
                skippedRow = error
                return  // the batch ends before the skipped row
            }
            guard case .row(let next) = outcome else {
                stalled = !progressed && count - rowStart >= options.chunkSize  // small rows keep streaming
                return
            }
            progressed = true
            position = next
            if builder.endsWithWideRow { return }  // the next row starts the next batch
        }
    }

    /// Reads the header row at `start`, when it is whole and not blank; measured first, so
    /// that its names are held once.
    private func readHeader(_ base: UnsafePointer<UInt8>, from start: Int, end count: Int) throws(JSONSyntaxError)
        -> CSVRowScanner.Outcome
    {
        var row = CSVRowMeasure(emptyAsNull: false)
        let outcome = try scanner.scanRow(base, from: start, end: count, isFinal: endOfInput, into: &row)
        if case .row = outcome, !row.isBlank {
            header = try CSVHeader(base, from: start, end: count, isFinal: endOfInput, row: row, scanner: scanner)
        }
        return outcome
    }

    /// Where the next row begins when the row at `start` is whole in the buffer and its quotes
    /// are well formed (its cells may still be bad); nil otherwise.
    private func wholeRowEnd(_ base: UnsafePointer<UInt8>, from start: Int, end count: Int) -> Int? {
        var row = CSVRowMeasure(emptyAsNull: options.emptyAsNull)
        guard
            case .row(let next)? = try? scanner.scanRow(base, from: start, end: count, isFinal: endOfInput, into: &row)
        else { return nil }
        return next
    }

    /// How many bytes a read asks for, and about what a batch holds.
    private var chunkSize: Int { max(options.chunkSize, 16) }

    /// Drops the bytes handed on and reads more (growing the buffer for a row longer than it).
    private func refill() throws(RecordReadError) {
        guard !endOfInput else { return }
        if position > 0 || !isKnownUniquelyReferenced(&storage) {
            storage.withUnsafeBufferPointer { buffer in
                let leftover = buffer.count - position
                let next = ByteStorage(capacity: leftover + max(chunkSize, leftover))
                locator = locator.advanced(by: position, in: buffer)
                next.append(UnsafeBufferPointer(rebasing: buffer[position...]))
                storage = next
                position = 0
            }
        } else {
            storage.reserveFreeCapacity(max(chunkSize, storage.count))
        }
        do {
            repeat {
                if try storage.fill(from: &source) == 0 {
                    endOfInput = true
                    break
                }
            } while stalled && storage.count < storage.capacity
            stalled = false
        } catch {
            finished = true
            throw .unreadable(error)
        }
    }
}
