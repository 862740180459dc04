import CodableParsing

/// Reads YAML into batches of records: libyaml's parser events become the same tape of nodes
/// the JSON reader makes, so every command works on YAML unchanged, and each node keeps its
/// offset in the YAML (the batch's `sourceMap`).
///
/// Each document is one record, handed on as soon as it is parsed (batches of about
/// `batchBytes`), except in a stream of exactly one document whose root is a sequence: like a
/// JSON file's top-level array, its elements are the records. That first document is held
/// until the next event tells whether another document follows, unless the input is known to
/// hold one document at most (`YAMLReaderOptions.oneDocumentAtMost`, a scan of the input made
/// when the root sequence starts: a file where it lies, a pipe as it is read and then read
/// ahead into a temporary file). Then its items are handed on as they are read, in constant
/// memory, until an anchor is defined (an alias copies nodes from the tape, so from there on
/// the rest is held).
///
/// libyaml parses on a thread of its own, a batch of events ahead of the tape being built here
/// (`YAMLEventPipe`); dropping the reader stops that thread. Not `parsesInBackground`, it parses
/// on the reading thread instead.
public final class YAMLRecordReader: RecordBatchReader {
    private let pipe: YAMLEventPipe
    private let window = YAMLSourceWindow()
    /// The event batch being read, and the index of its next event.
    @exclusivity(unchecked) private var events: YAMLEventBatch?
    @exclusivity(unchecked) private var eventIndex = 0
    /// The bytes of `events` (stable while it is read).
    @exclusivity(unchecked) private var eventBytes = UnsafePointer<UInt8>(bitPattern: 1)!
    /// The events of `events` and their count, read for each event without touching the batch.
    @exclusivity(unchecked) private var eventList: UnsafeMutablePointer<YAMLEvent>?
    @exclusivity(unchecked) private var eventCount = 0
    /// The error the byte source threw, if reading failed.
    private var readFailure: (any Error)?
    private let options: YAMLReaderOptions
    @exclusivity(unchecked) private var builder: YAMLDocumentBuilder
    private var roots: [Int32] = []
    private var documentsRead = 0
    private var recordsRead = 0
    /// The first document's root is a sequence; whether its elements are the records is decided
    /// by what follows it.
    private var heldSequence: Int?
    /// The document read was a root sequence whose items were handed on as they came.
    private var streamedRootSequence = false
    private var fromTopLevelArray = false
    private var finished = false
    private var pendingError: RecordReadError?
    /// Nodes on the tape up to the end of the last complete document.
    private var completedNodes = 0
    /// Between a document's start and end events.
    private var inDocument = false
    /// The line of the last document's end event: where the window may be trimmed to.
    private var lastDocumentEndLine = 1
    /// Past this many bytes the window drops the blank lines that begin it, when no document
    /// is open; documents read before are handed on first (at a document's end, or as soon as
    /// the window outgrows this between documents).
    private static let windowLimit = 1 << 20

    /// Creates a reader over `source`.
    public init(source: any ByteSource, options: YAMLReaderOptions = YAMLReaderOptions()) {
        self.pipe = YAMLEventPipe(parser: YAMLParser(source: source), inBackground: options.parsesInBackground)
        self.options = options
        self.builder = YAMLDocumentBuilder(options: options)
    }

    deinit {
        pipe.cancel()
    }

    /// The next batch of records, or nil at the end of the input. Records read before a
    /// malformed document are returned first; the error comes with the following call.
    public func nextBatch() throws(RecordReadError) -> RecordBatch? {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        guard !finished else { return nil }
        while true {
            do throws(YAMLReadFailure) {
                let event: YAMLEvent
                switch try nextEvent() {
                case .event(let next): event = next
                case .end:
                    if documentsRead == 0 && options.emptyStreamIsNullDocument { appendNullDocument() }
                    releaseHeldSequence(asElements: documentsRead == 1)
                    finished = true
                    return roots.isEmpty ? nil : makeBatch(trimmingToLine: nil)
                case .windowFull:
                    return makeBatch(trimmingToLine: lastDocumentEndLine)
                }
                switch event.kind {
                case .documentStart:
                    if streamedRootSequence {  // the scan before found one document at most
                        throw YAMLReadFailure(
                            "a second document follows one whose sequence's items were already read as records (did the file change while it was read?)",
                            offset: UInt32(truncatingIfNeeded: event.offset))
                    }
                    releaseHeldSequence(asElements: false)
                    builder.startDocument()
                    inDocument = true
                case .documentEnd:
                    inDocument = false
                    lastDocumentEndLine = event.line
                    completedNodes = builder.tape.count
                    let root = builder.documentStart
                    if builder.streamsRootSequence {
                        streamedRootSequence = true  // its items are on their way already
                    } else if documentsRead == 0 && builder.tape[root].kind == .array && options.sequenceItemsAreRecords
                    {
                        heldSequence = root
                    } else {
                        roots.append(Int32(root))
                    }
                    documentsRead += 1
                    if heldSequence == nil
                        && (builder.tape.bytes.count >= options.batchBytes || window.storage.count >= Self.windowLimit)
                    {
                        return makeBatch(trimmingToLine: event.line)
                    }
                case .streamStart:
                    break
                default:
                    try builder.handle(event, bytes: eventBytes, offset: UInt32(truncatingIfNeeded: event.offset))
                    if builder.streamsRootSequence && !builder.completedItems.isEmpty && handOnItems(upTo: event.line) {
                        return makeBatch(trimmingToLine: event.line)
                    }
                }
            } catch {
                return try fail(error)
            }
        }
    }

    /// What comes next from the parsing thread.
    private enum Next {
        case event(YAMLEvent)
        /// The end of the stream.
        case end
        /// Input outgrew the window between documents while documents read before wait to be
        /// handed on: they go first, so that the window may then let go of blank lines.
        case windowFull
    }

    /// The next event from the parsing thread, the end of the stream, or a window to empty.
    @inline(__always)
    private func nextEvent() throws(YAMLReadFailure) -> Next {
        if eventIndex < eventCount, let eventList {
            eventIndex += 1
            return .event(eventList[eventIndex - 1])
        }
        return try nextEventAfterBatch()
    }

    /// `nextEvent()` once the batch being read is done: the end of the stream, or the next
    /// batch's first event (or a window to empty).
    @inline(never)
    private func nextEventAfterBatch() throws(YAMLReadFailure) -> Next {
        while true {
            if let batch = events {
                if eventIndex < batch.count {
                    eventIndex += 1
                    return .event(batch.events[eventIndex - 1])
                }
                if batch.isLast {
                    guard let failure = batch.failure else { return .end }
                    readFailure = failure.readFailure
                    let offset = failure.character.map { window.offset(ofCharacter: $0) } ?? failure.offset
                    throw YAMLReadFailure(failure.message, offset: UInt32(truncatingIfNeeded: offset))
                }
                events = nil
                eventList = nil
                eventCount = 0
                pipe.recycle(batch)
            }
            let batch = pipe.next()
            window.append(UnsafeBufferPointer(start: batch.input, count: batch.inputCount))
            window.locate(batch.events, count: batch.count)
            batch.dropInput()
            events = batch
            eventBytes = UnsafePointer(batch.bytes)
            eventList = batch.events
            eventCount = batch.count
            eventIndex = 0
            if !inDocument && heldSequence == nil && window.storage.count >= Self.windowLimit {
                if !roots.isEmpty { return .windowFull }
                window.dropLeadingBlankLines()
            }
        }
    }

    /// Takes the root sequence's items completed so far as records; true when they should go
    /// now (the batch is full and nothing holds them back), with the window trimmed to `line`.
    private func handOnItems(upTo line: Int) -> Bool {
        fromTopLevelArray = true
        for item in builder.completedItems { roots.append(Int32(item)) }
        builder.forgetCompletedItems()
        completedNodes = builder.tape.count
        return builder.mayHandOnItems
            && (builder.tape.bytes.count >= options.batchBytes || window.storage.count >= Self.windowLimit)
    }

    /// Decides the held first document: its elements are the records, or it is one itself.
    private func releaseHeldSequence(asElements: Bool) {
        guard let root = heldSequence else { return }
        heldSequence = nil
        if asElements {
            fromTopLevelArray = true
            for child in builder.tape.children(of: root) { roots.append(Int32(child)) }
        } else {
            roots.append(Int32(root))
        }
    }

    /// The records parsed so far, as a batch; the window keeps only lines from `line` on.
    private func makeBatch(trimmingToLine line: Int?) -> RecordBatch {
        let (bytes, nodes, offsets) = builder.tape.take()
        let map = NodeSourceMap(offsets: offsets, text: window.storage, locator: window.locator)
        if let line { window.trim(toLine: line) }
        let batch = RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: recordsRead,
            fromTopLevelArray: fromTopLevelArray, framing: .jsonStream, locator: .start, sourceMap: map)
        recordsRead += roots.count
        roots = []
        completedNodes = 0
        builder.tapeWasTaken()
        return batch
    }

    /// A `null` document at the stream's start, for a stream that held none.
    private func appendNullDocument() {
        builder.startDocument()
        roots.append(Int32(builder.tape.appendLiteral(.null, at: 0)))
        documentsRead += 1
    }

    /// Reports a failure: the whole documents before it first, then the error.
    private func fail(_ failure: YAMLReadFailure) throws(RecordReadError) -> RecordBatch? {
        finished = true
        let error: RecordReadError
        if let readFailure {
            error = .unreadable(readFailure)
        } else {
            let place = window.place(ofOffset: failure.offset)
            error = .malformed(failure.reason, place.location, place.excerpt)
        }
        if documentsRead == 0, options.sequenceItemsAreRecords, let (items, end) = builder.itemsOfRootSequence() {
            // A failure inside a first document whose root is a sequence: the items before it
            // are records, as they are when the items are handed on as they come.
            builder.tape.truncate(to: end)
            fromTopLevelArray = true
            roots = items.map { Int32($0) }
        } else {
            // Drop the document being read, never one already complete: an error between two
            // documents comes before the next one starts.
            builder.tape.truncate(to: min(builder.tape.count, max(builder.documentStart, completedNodes)))
            // No second document started (that would have decided it): the stream read so far
            // is one document, so a held sequence's items are the records.
            releaseHeldSequence(asElements: true)
        }
        guard !roots.isEmpty else { throw error }
        pendingError = error
        return makeBatch(trimmingToLine: nil)
    }
}

/// Why reading YAML failed, and where: an input offset (absolute, modulo 2^32, as the tape keeps
/// a node's), which the reader's window turns into a line, a column and an excerpt.
struct YAMLReadFailure: Error {
    var reason: JSONSyntaxError.Reason
    var offset: UInt32

    init(_ message: String, offset: UInt32) {
        self.init(.format(message), offset: offset)
    }

    init(_ reason: JSONSyntaxError.Reason, offset: UInt32) {
        self.reason = reason
        self.offset = offset
    }
}
