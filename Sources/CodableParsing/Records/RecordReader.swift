/// Limits and choices for reading records.
public struct RecordReaderOptions: Sendable {
    /// The input's framing; nil means sniff it from the first significant byte.
    public var framing: InputFraming?
    /// Containers nested deeper than this are an error (the document root counts as level 1).
    public var maxDepth: Int
    /// Strings and numbers longer than this many bytes are an error.
    public var maxTokenLength: Int
    /// Bytes asked of the source per read.
    public var chunkSize: Int
    /// The most bytes one record can span (from the start of its line): nodes point into a
    /// batch's bytes with 32-bit offsets, so a buffer never grows past this.
    public var maxRecordBytes: Int
    /// When set, the records are the elements of the array at this path of keys inside each
    /// value, handed on as they are read; nil: the values are the records. With
    /// `.jsonl` framing, lines are read as a stream of values.
    public var items: ItemsKeyPath?
    /// A record's blocks of alike scalars are folded past this many of its nodes
    /// (`NodeBuffer.nodesBeforeFolding`; fewer only to test folding on small inputs).
    public var nodesBeforeFolding: Int
    /// Whether the elements of a top-level array are the records (as for `convert`); false: each
    /// JSON text is one record, an array too (a document checked whole by `validate`).
    public var arrayElementsAreRecords = true
    /// Whether a malformed JSON Lines line or json-seq record is thrown as a `skippedRecord`
    /// and reading goes on at the next line or RS (bad records skipped); other framings have no
    /// such place, and stop at malformed bytes whatever this says.
    public var resumesAfterMalformedRecords = false

    /// The default longest string or number: 512 MiB (536870912 bytes).
    public static let defaultMaxTokenLength = 512 << 20

    /// The longest record: 4 GiB - 1 (4294967295 bytes), what a 32-bit offset reaches.
    public static let defaultMaxRecordBytes = Int(UInt32.max)

    /// The default limits: depth 512, tokens up to 512 MiB, records up to 4 GiB, 1 MiB reads;
    /// the values are the records.
    public init(
        framing: InputFraming? = nil, maxDepth: Int = 512, maxTokenLength: Int = defaultMaxTokenLength,
        chunkSize: Int = 1 << 20, maxRecordBytes: Int = defaultMaxRecordBytes, items: ItemsKeyPath? = nil,
        nodesBeforeFolding: Int = NodeBuffer.nodesBeforeFolding
    ) {
        self.framing = framing
        self.maxDepth = maxDepth
        self.maxTokenLength = maxTokenLength
        self.chunkSize = chunkSize
        self.maxRecordBytes = min(max(maxRecordBytes, 16), Self.defaultMaxRecordBytes)
        self.items = items
        self.nodesBeforeFolding = nodesBeforeFolding
    }
}

/// A path of object keys to the array that holds the records (`data.items`).
public struct ItemsKeyPath: Sendable, Equatable {
    /// The keys, outermost first (at least one).
    public var keys: [String]
    /// The path as written, for messages.
    public var text: String

    /// A path of `keys`, written as `text`.
    public init(keys: [String], text: String) {
        self.keys = keys
        self.text = text
    }
}

/// Reads records from a byte source, one batch per buffer, in constant memory: bytes that were
/// handed on are dropped, and only a record that does not fit the buffer makes it grow.
///
/// The reader pulls: it reads only when asked for the next batch, so a consumer that stops
/// asking stops the reading.
public final class RecordReader<Source: ByteSource>: RecordBatchReader {
    // The state touched once per record or more skips the runtime exclusivity checks
    // (`@exclusivity(unchecked)`): a reader is used by one task at a time, and no access to one
    // of them overlaps another; the checks would be paid on every record of a JSON Lines file.
    private var source: Source
    @exclusivity(unchecked) private var scanner: JSONScanner
    private let chunkSize: Int
    private let maxRecordBytes: Int

    /// The framing in use (known once the first significant byte was seen, when sniffed).
    @exclusivity(unchecked) public private(set) var framing: InputFraming?

    private var storage: ByteStorage
    /// Next byte of `storage` not yet handed on in a record.
    @exclusivity(unchecked) private var position = 0
    /// `position` right after the last refill: bytes before it were kept only for excerpts.
    private var positionAfterRefill = 0
    private var locator = SourceLocator.start
    @exclusivity(unchecked) private var endOfInput = false
    private var needsRead = true
    @exclusivity(unchecked) private var started = false
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var arrayState = ArrayState.beforeValue
    @exclusivity(unchecked) private var isTopLevelArray = false
    /// `RecordReaderOptions.arrayElementsAreRecords`.
    private var arrayElementsAreRecords = true
    /// `RecordReaderOptions.resumesAfterMalformedRecords`.
    private let resumesAfterMalformedRecords: Bool
    private var recordsRead = 0
    private var pendingError: RecordReadError?
    /// With `items`: the walk through each value to its records.
    @exclusivity(unchecked) private var walker: EnvelopeWalker?
    /// Where the current envelope began, for a problem with the envelope as a whole: its offset
    /// in the buffer, or, once the buffer dropped it, its place (worked out only then: finding a
    /// place costs a scan of the buffer, too much for every envelope of a long line).
    private var envelopeStart: EnvelopeStart?
    private enum EnvelopeStart {
        case offset(Int)
        case place(SourceLocation, SourceExcerpt)
    }
    /// A problem the walker found, reported after the records before it.
    private var envelopeProblem: RecordReadError?
    /// Where scanning stops in the buffer (a `JSONArrayChunk`'s end; bytes after it are only
    /// for excerpts).
    private var scanEnd = Int.max
    /// Reading one `JSONArrayChunk`: its end after an element ends the reading.
    private var endsAtChunkEnd = false
    /// The chunk was read to its end after an element (and nothing else ended the reading).
    private(set) var endedAtChunkEnd = false

    /// Where a `json` input is: before its value, inside its top-level array, or after it.
    private enum ArrayState {
        case beforeValue
        case elements(ArrayCursor)
        case afterValue
    }

    /// What one step of scanning found.
    private enum Step {
        case record(Int)
        case needMore, end, again, failed
    }

    /// Creates a reader over `source`.
    public init(source: Source, options: RecordReaderOptions = RecordReaderOptions()) {
        self.source = source
        self.scanner = JSONScanner(
            maxDepth: options.maxDepth, maxTokenLength: options.maxTokenLength,
            nodesBeforeFolding: options.nodesBeforeFolding)
        self.chunkSize = min(max(options.chunkSize, 16), options.maxRecordBytes)
        self.maxRecordBytes = options.maxRecordBytes
        self.framing = options.framing
        self.storage = ByteStorage(capacity: 0)
        self.walker = options.items.map { EnvelopeWalker(keys: $0.keys, pathText: $0.text) }
        self.arrayElementsAreRecords = options.arrayElementsAreRecords
        self.resumesAfterMalformedRecords = options.resumesAfterMalformedRecords
    }

    /// A reader over one chunk of whole JSON Lines (see `JSONLinesChunker`): everything is read
    /// already, and locations count from the chunk's place in the input.
    init(chunk: JSONLinesChunk, options: RecordReaderOptions) where Source == InMemoryByteSource {
        self.source = InMemoryByteSource([])
        self.scanner = JSONScanner(
            maxDepth: options.maxDepth, maxTokenLength: options.maxTokenLength,
            nodesBeforeFolding: options.nodesBeforeFolding)
        self.chunkSize = max(chunk.bytes.count, 16)
        self.maxRecordBytes = options.maxRecordBytes
        self.framing = .jsonl
        self.storage = chunk.bytes
        self.locator = chunk.locator
        self.endOfInput = true
        self.needsRead = false
        self.resumesAfterMalformedRecords = options.resumesAfterMalformedRecords
    }

    /// A reader over one chunk of whole elements of a top-level array (see
    /// `JSONArrayChunker`): everything is read already, and locations count from the chunk's
    /// place in the input.
    convenience init(arrayChunk chunk: JSONArrayChunk, options: RecordReaderOptions)
    where Source == InMemoryByteSource {
        self.init(
            resuming: InMemoryByteSource([]), storage: chunk.bytes, at: chunk.start, locator: chunk.locator,
            insideArray: !chunk.startsInput, endOfInput: true, options: options)
        self.scanEnd = chunk.end
        self.endsAtChunkEnd = true
    }

    /// A reader that goes on from `position` of `storage` (whose first byte is where `locator`
    /// says), then reads `source`: inside a top-level array after an element (the next byte
    /// significant is its `,` or `]`), or, not `insideArray`, at the start of the input.
    convenience init(
        resuming source: Source, storage: ByteStorage, at position: Int, locator: SourceLocator, insideArray: Bool,
        endOfInput: Bool, options: RecordReaderOptions
    ) {
        self.init(source: source, options: options)
        self.storage = storage
        self.position = position
        self.locator = locator
        self.endOfInput = endOfInput
        // The bytes there are scanned before anything more is read: a pipe may have nothing
        // more to give until the records in them are handed on.
        self.needsRead = storage.count <= position
        if insideArray {
            self.framing = .json
            self.started = true
            self.arrayState = .elements(.afterElement)
            self.isTopLevelArray = true
        }
    }

    /// The next batch of records, or nil at the end of the input.
    ///
    /// Records that were read before a malformed one are returned first; the error comes with
    /// the following call.
    ///
    /// With `resumesAfterMalformedRecords`, a malformed JSON Lines line or json-seq record is
    /// thrown as a `skippedRecord` (after the records before it) and counts as a record; the
    /// call after it reads on from the next line or RS.
    public func nextBatch() throws(RecordReadError) -> RecordBatch? {
        if let error = pendingError {
            pendingError = nil
            if !error.isSkippedRecord { finished = true }
            throw error
        }
        while !finished {
            if needsRead { try refill() }
            let nodes = NodeBuffer(capacity: max(256, storage.count / 8))
            var roots: [Int32] = []
            var failure: RecordReadError?
            var itemsSegments: [RecordBatch.ItemsSegment] = []
            storage.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                scanning: while true {
                    let nodesBefore = nodes.count
                    do throws(JSONSyntaxError) {
                        switch try step(base, min(buffer.count, scanEnd), nodes) {
                        case .record(let root):
                            // a new array, or a new batch
                            if let elementIndex = walker?.elementIndex, elementIndex == 1 || itemsSegments.isEmpty {
                                itemsSegments.append(
                                    RecordBatch.ItemsSegment(
                                        firstRecord: roots.count, path: walker!.itemsPath,
                                        firstItemIndex: elementIndex - 1))
                            }
                            roots.append(Int32(truncatingIfNeeded: root))
                        case .again: continue scanning
                        case .needMore:
                            needsRead = true
                            break scanning
                        case .end:
                            finished = true
                            break scanning
                        case .failed:
                            failure = envelopeProblem
                            break scanning
                        }
                    } catch {
                        let location = locator.location(of: error.offset, in: buffer)
                        let excerpt = locator.excerpt(at: error.offset, in: buffer)
                        if let next = resumePosition(after: error, base, buffer.count) {
                            nodes.truncate(to: nodesBefore)
                            position = next
                            recordsRead += 1
                            failure = .skippedRecord(error.reason, location, excerpt)
                        } else {
                            failure = .malformed(error.reason, location, excerpt)
                        }
                        break scanning
                    }
                }
            }
            if let failure {
                guard !roots.isEmpty else {
                    if !failure.isSkippedRecord { finished = true }
                    throw failure
                }
                pendingError = failure
            }
            if !roots.isEmpty {
                // A skipped record after these was counted already: they come before it.
                let skippedAfter = pendingError?.isSkippedRecord == true ? 1 : 0
                defer { recordsRead += roots.count }
                let batch = RecordBatch(
                    bytes: storage, nodes: nodes, roots: roots, firstRecordIndex: recordsRead - skippedAfter,
                    fromTopLevelArray: isTopLevelArray || walker != nil, framing: framing ?? .jsonStream,
                    locator: locator, sourceMap: nil, sourceName: nil, itemsSegments: itemsSegments)
                // The last batch: its bytes go when it does (kept here, a huge last record's
                // bytes stayed until the end of the run).
                if finished { storage = ByteStorage(capacity: 0) }
                return batch
            }
        }
        return nil
    }

    /// Where reading goes on after `error` in the record at `position`, when it may: the next
    /// line of JSON Lines, the next RS of json-seq (or the end of what is read so far when no RS
    /// follows: those bytes belong to the bad record). Nil: stop (another framing, `items`,
    /// or a record too large to find its end).
    private func resumePosition(after error: JSONSyntaxError, _ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        guard resumesAfterMalformedRecords, walker == nil else { return nil }
        if case .recordTooLarge = error.reason { return nil }
        switch framing {
        case .jsonl?:
            guard let newline = ByteSearch.firstIndex(of: 0x0A, in: base, from: position, to: count) else {
                return endOfInput ? count : nil
            }
            return newline + 1
        case .jsonSeq?:
            let from = min(max(position, error.offset), count)
            let separator = scanner.skipWhitespace(base, from: position, end: count)
            // The record's own RS is at `separator`: the next one ends it.
            let searchFrom = separator < count && base[separator] == 0x1E ? separator + 1 : from
            return ByteSearch.firstIndex(of: 0x1E, in: base, from: searchFrom, to: count) ?? count
        default:
            return nil
        }
    }

    // MARK: Buffer management

    /// Drops the bytes handed on and reads more. A buffer from which nothing was handed on yet
    /// (a record larger than the buffer) grows in place instead, doubling, so a large record
    /// costs linear time.
    private func refill() throws(RecordReadError) {
        needsRead = false
        let growing: Bool
        if position > positionAfterRefill || !isKnownUniquelyReferenced(&storage) {
            storage.withUnsafeBufferPointer { buffer in
                // Keep the start of the current line (up to 1 KiB of it) for error excerpts.
                let lineStart = buffer.baseAddress.flatMap {
                    ByteSearch.lastIndex(of: 0x0A, in: $0, from: max(0, position - 1024), to: position)
                }.map { $0 + 1 }
                let keep = lineStart ?? max(0, position - 1024)
                let leftover = buffer.count - keep
                if case .offset(let offset) = envelopeStart {
                    envelopeStart =
                        offset < keep
                        ? .place(locator.location(of: offset, in: buffer), locator.excerpt(at: offset, in: buffer))
                        : .offset(offset - keep)
                }
                let next = ByteStorage(capacity: min(leftover + max(chunkSize, leftover), maxRecordBytes))
                locator = locator.advanced(by: keep, in: buffer)
                next.append(UnsafeBufferPointer(rebasing: buffer[keep...]))
                storage = next
                position -= keep
                positionAfterRefill = position
            }
            growing = false
        } else {
            // Only a record already past a chunk: a small one arriving in pieces (a slow
            // pipe, a terminal) is still scanned as each piece comes.
            growing = storage.count >= chunkSize
            let room = min(max(chunkSize, storage.count), maxRecordBytes - storage.count)
            if room <= 0 && !endOfInput {
                finished = true
                throw storage.withUnsafeBufferPointer { buffer in
                    .malformed(
                        .recordTooLarge(limit: maxRecordBytes), locator.location(of: position, in: buffer),
                        locator.excerpt(at: position, in: buffer))
                }
            }
            storage.reserveFreeCapacity(room, limit: maxRecordBytes)
        }
        guard !endOfInput else { return }
        do {
            // A growing record fills all of its new room before it is scanned again: a pipe
            // hands over 64 KiB at a time, and rescanning a 100 MB record after each piece
            // would take quadratic time.
            repeat {
                if try storage.fill(from: &source) == 0 {
                    endOfInput = true
                    break
                }
            } while growing && storage.count < storage.capacity
        } catch {
            finished = true
            throw .unreadable(error)
        }
    }

    // MARK: Framings

    private func step(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer) throws(JSONSyntaxError) -> Step {
        if !started && locator.baseOffset == 0 && position == 0 {
            if count < 3 && !endOfInput { return .needMore }
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { position = 3 }
        }
        // Whitespace before the next token is never needed again, in any framing: moving past it
        // lets the buffer drop it, so a long run of it costs no memory.
        position = scanner.skipWhitespace(base, from: position, end: count)
        if !started {
            if framing == nil {
                if position == count && !endOfInput { return .needMore }
                // Nothing but whitespace is an empty JSON text, an error as for JSONDecoder, not
                // an empty stream: the jsonl (or json-stream) framing reads it as zero records. A
                // page walked for its items says itself what it lacks.
                let empty: InputFraming = walker == nil ? .json : .jsonStream
                framing = position == count ? empty : InputFraming.sniff(firstByte: base[position])
            }
            started = true
            walker?.framing = framing!
        }
        if walker != nil { return try stepItems(base, count, nodes) }
        switch framing! {
        case .json: return try stepJSON(base, count, nodes)
        case .jsonl: return try stepJSONLines(base, count, nodes)
        case .jsonSeq: return try stepJSONSequence(base, count, nodes)
        case .jsonStream: return try stepJSONStream(base, count, nodes)
        }
    }

    /// One JSON text; the elements of a top-level array are the records.
    private func stepJSON(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer) throws(JSONSyntaxError)
        -> Step
    {
        let start = scanner.skipWhitespace(base, from: position, end: count)
        if start == count && !endOfInput { return .needMore }
        switch arrayState {
        case .beforeValue:
            guard start < count else { throw JSONSyntaxError(.empty, at: start) }
            if base[start] == UInt8(ascii: "[") && arrayElementsAreRecords {
                position = start + 1
                arrayState = .elements(.first)
                isTopLevelArray = true
                return .again
            }
            let root = nodes.count
            guard
                let end = try scanner.scanValueIfComplete(
                    in: base, from: start, end: count, isFinal: endOfInput, into: nodes)
            else { return .needMore }
            position = end
            arrayState = .afterValue
            return .record(root)
        case .elements(var cursor):
            if endsAtChunkEnd && cursor == .afterElement && start == count {
                position = start
                endedAtChunkEnd = true
                return .end
            }
            let step = try scanner.nextArrayElement(
                base, at: start, end: count, position: &position, cursor: &cursor, isFinal: endOfInput, depth: 1,
                into: nodes)
            arrayState = .elements(cursor)
            switch step {
            case .element(let root): return .record(root)
            case .needMore: return .needMore
            case .closed:
                arrayState = .afterValue
                return .again
            }
        case .afterValue:
            position = start
            guard start < count else { return .end }
            throw JSONSyntaxError(
                .secondValue(base[start]), at: start)
        }
    }

    /// `items`: the elements of the array inside each value, as the walker finds them.
    private func stepItems(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer) throws(JSONSyntaxError)
        -> Step
    {
        switch try walker!.step(base, count, position: &position, isFinal: endOfInput, scanner: &scanner, nodes: nodes)
        {
        case .record(let root): return .record(root)
        case .needMore: return .needMore
        case .again: return .again
        case .end: return .end
        case .envelopeBegins(let offset):
            envelopeStart = .offset(offset)
            return .again
        case .problem(let message, let codingPath, let offset):
            let buffer = UnsafeBufferPointer(start: base, count: count)
            let place: (SourceLocation, SourceExcerpt)
            if case .place(let location, let excerpt)? = envelopeStart, offset == nil {
                place = (location, excerpt)
            } else {
                var at = offset ?? 0
                if offset == nil, case .offset(let start)? = envelopeStart { at = start }
                place = (locator.location(of: at, in: buffer), locator.excerpt(at: at, in: buffer))
            }
            envelopeProblem = .invalidEnvelope(message: message, codingPath: codingPath, place.0, place.1)
            return .failed
        }
    }

    /// JSON Lines: each line holds one whole value; blank lines are skipped.
    private func stepJSONLines(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer) throws(JSONSyntaxError)
        -> Step
    {
        let newline = ByteSearch.firstIndex(of: 0x0A, in: base, from: position, to: count)
        if newline == nil && !endOfInput { return .needMore }
        let lineEnd = newline ?? count
        let next = min(lineEnd + 1, count)
        let start = scanner.skipWhitespace(base, from: position, end: lineEnd)
        if start == lineEnd {
            position = next
            return position == count && endOfInput ? .end : .again
        }
        let root = nodes.count
        let end: Int
        do {
            end = try scanner.scanValue(in: base, from: start, end: lineEnd, isFinal: true, into: nodes)
        } catch  where error.isUnexpectedEnd && newline != nil {
            guard case .unexpectedEnd(let expected) = error.reason else { throw error }
            throw JSONSyntaxError(.unexpectedEndOfLine(expected: expected), at: error.offset)
        }
        let rest = scanner.skipWhitespace(base, from: end, end: lineEnd)
        guard rest == lineEnd else {
            throw JSONSyntaxError(
                .trailingContent(base[rest], after: "the value (JSON Lines hold one value per line)"), at: rest)
        }
        position = next
        return .record(root)
    }

    /// RFC 7464: RS, a JSON text, LF; empty elements are skipped.
    private func stepJSONSequence(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer)
        throws(JSONSyntaxError) -> Step
    {
        let separator = scanner.skipWhitespace(base, from: position, end: count)
        guard separator < count else {
            position = separator
            return endOfInput ? .end : .needMore
        }
        guard base[separator] == 0x1E else {
            throw JSONSyntaxError(.missingRecordSeparator(base[separator]), at: separator)
        }
        let nextSeparator = ByteSearch.firstIndex(of: 0x1E, in: base, from: separator + 1, to: count)
        if nextSeparator == nil && !endOfInput { return .needMore }
        let elementEnd = nextSeparator ?? count
        let start = scanner.skipWhitespace(base, from: separator + 1, end: elementEnd)
        guard start < elementEnd else {
            position = elementEnd
            return .again
        }
        let root = nodes.count
        let end = try scanner.scanValue(in: base, from: start, end: elementEnd, isFinal: true, into: nodes)
        let rest = scanner.skipWhitespace(base, from: end, end: elementEnd)
        guard rest == elementEnd else {
            throw JSONSyntaxError(.trailingContent(base[rest], after: "the value of a json-seq record"), at: rest)
        }
        position = elementEnd
        return .record(root)
    }

    /// Whitespace-separated values.
    private func stepJSONStream(_ base: UnsafePointer<UInt8>, _ count: Int, _ nodes: NodeBuffer) throws(JSONSyntaxError)
        -> Step
    {
        let start = scanner.skipWhitespace(base, from: position, end: count)
        position = start
        guard start < count else { return endOfInput ? .end : .needMore }
        let root = nodes.count
        guard
            let end = try scanner.scanValueIfComplete(
                in: base, from: start, end: count, isFinal: endOfInput, into: nodes)
        else { return .needMore }
        position = end
        return .record(root)
    }
}
