internal import CYAML
import CodableParsing

/// Reads YAML into batches of records: libyaml's parser events become the same tape of nodes
/// the JSON reader makes, so every command works on YAML unchanged, and each node keeps its line
/// and column in the YAML (the batch's `sourceMap`).
///
/// Each document is one record, handed on as soon as it is parsed (batches of about
/// `batchBytes`), except in a stream of exactly one document whose root is a sequence: like a
/// JSON file's top-level array, its elements are the records. (That first document is held
/// until the next event tells whether another document follows.)
public final class YAMLRecordReader: RecordBatchReader {
    private let parser: YAMLParser
    private let options: YAMLReaderOptions
    private var builder: YAMLDocumentBuilder
    private var roots: [Int32] = []
    private var documentsRead = 0
    private var recordsRead = 0
    /// The first document's root is a sequence; whether its elements are the records is decided
    /// by what follows it.
    private var heldSequence: Int?
    private var fromTopLevelArray = false
    private var finished = false
    private var pendingError: RecordReadError?
    /// Nodes on the tape up to the end of the last complete document.
    private var completedNodes = 0

    /// Creates a reader over `source`.
    public init(source: any ByteSource, options: YAMLReaderOptions = YAMLReaderOptions()) {
        self.parser = YAMLParser(source: source)
        self.options = options
        self.builder = YAMLDocumentBuilder(options: options)
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
                try parser.nextOrFail()
                let event = parser.event.pointee
                switch event.type {
                case YAML_DOCUMENT_START_EVENT:
                    releaseHeldSequence(asElements: false)
                    builder.startDocument()
                case YAML_DOCUMENT_END_EVENT:
                    completedNodes = builder.tape.count
                    let root = builder.documentStart
                    if documentsRead == 0 && builder.tape[root].kind == .array {
                        heldSequence = root
                    } else {
                        roots.append(Int32(root))
                    }
                    documentsRead += 1
                    if heldSequence == nil && builder.tape.bytes.count >= options.batchBytes {
                        return makeBatch(trimmingToLine: event.start_mark.line + 1)
                    }
                case YAML_STREAM_END_EVENT:
                    releaseHeldSequence(asElements: documentsRead == 1)
                    finished = true
                    return roots.isEmpty ? nil : makeBatch(trimmingToLine: nil)
                case YAML_STREAM_START_EVENT, YAML_NO_EVENT:
                    break
                default:
                    try builder.handle(event)
                }
            } catch {
                return try fail(error)
            }
        }
    }

    /// Decides the held first document: its elements are the records, or it is one itself.
    private func releaseHeldSequence(asElements: Bool) {
        guard let root = heldSequence else { return }
        heldSequence = nil
        if asElements {
            fromTopLevelArray = true
            var child = root + 1
            for _ in 0..<Int(builder.tape[root].count) {
                roots.append(Int32(child))
                child += builder.tape[child].span
            }
        } else {
            roots.append(Int32(root))
        }
    }

    /// The records parsed so far, as a batch; the window keeps only lines from `line` on.
    private func makeBatch(trimmingToLine line: Int?) -> RecordBatch {
        let (bytes, nodes, positions) = builder.tape.take()
        let map = NodeSourceMap(positions: positions, text: parser.window, firstLine: parser.windowFirstLine, baseOffset: parser.windowBaseOffset)
        if let line { parser.trimWindow(toLine: line) }
        let batch = RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: recordsRead,
            fromTopLevelArray: fromTopLevelArray, framing: .jsonStream, locator: .start, sourceMap: map)
        recordsRead += roots.count
        roots = []
        completedNodes = 0
        return batch
    }

    /// Reports a failure: the whole documents before it first, then the error.
    private func fail(_ failure: YAMLReadFailure) throws(RecordReadError) -> RecordBatch? {
        finished = true
        let error: RecordReadError
        if let readFailure = parser.readFailure {
            error = .unreadable(readFailure)
        } else {
            let place = parser.place(line: failure.line, column: failure.column)
            error = .malformed(failure.reason, place.location, place.excerpt)
        }
        // Drop the document being read, never one already complete: an error between two
        // documents comes before the next one starts.
        builder.tape.truncate(to: min(builder.tape.count, max(builder.documentStart, completedNodes)))
        releaseHeldSequence(asElements: false)
        guard !roots.isEmpty else { throw error }
        pendingError = error
        return makeBatch(trimmingToLine: nil)
    }
}

/// Why reading YAML failed, with the 1-based place in the YAML input.
struct YAMLReadFailure: Error {
    var reason: JSONSyntaxError.Reason
    var line: Int
    var column: Int

    init(_ message: String, line: Int, column: Int) {
        self.reason = .format(message)
        self.line = line
        self.column = column
    }

    init(_ reason: JSONSyntaxError.Reason, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }
}

extension YAMLParser {
    /// `next()`, with libyaml's failure as a `YAMLReadFailure`.
    func nextOrFail() throws(YAMLReadFailure) {
        do {
            try next()
        } catch {
            throw YAMLReadFailure(error.message, line: error.line, column: error.column)
        }
    }
}
