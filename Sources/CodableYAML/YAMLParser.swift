internal import CYAML
import CodableParsing

/// Owns one libyaml `yaml_parser_t`, fed from a `ByteSource`, and copies its events into
/// `YAMLEventBatch`es (with the input consumed meanwhile), so that they can be read on another
/// thread. The parser and its event live in memory this class allocates, so their addresses
/// never move; `deinit` frees them.
final class YAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    /// The input, as UTF-8 (libyaml and every offset after it count UTF-8 bytes).
    private var source: LineStartByteOrderMarkFilter
    /// The batch being filled (input read meanwhile is kept in it).
    @exclusivity(unchecked) private var current: YAMLEventBatch?
    /// Takes a batch whose input outgrew `inputPerBatch` before the next event came and
    /// returns the batch to go on with (nil: the reader is gone). Set while `fill` runs.
    @exclusivity(unchecked) private var handOn: ((YAMLEventBatch) -> YAMLEventBatch?)?
    /// Set by `feed` when it replaced `current` (`fill` then takes the new one).
    @exclusivity(unchecked) private var wasHandedOn = false
    /// Input held in one batch before it is handed on without waiting for more events: a long
    /// run of blank lines or comments, which makes no event, so costs no more memory than this.
    static let inputPerBatch = 1 << 20
    /// The error the byte source threw, if reading failed.
    private var readFailure: (any Error)?
    /// Whether the stream ended or failed.
    @exclusivity(unchecked) private(set) var isFinished = false

    init(source: any ByteSource) {
        self.source = LineStartByteOrderMarkFilter(UTF16TranscodingSource(source))
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            fatalError("libyaml could not allocate a parser (out of memory)")
        }
        yaml_parser_set_input(
            parser,
            { data, buffer, size, sizeRead in
                let parser = Unmanaged<YAMLParser>.fromOpaque(data!).takeUnretainedValue()
                let count = parser.feed(UnsafeMutableRawBufferPointer(start: buffer, count: size))
                sizeRead!.pointee = max(count, 0)
                return count < 0 ? 0 : 1
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Reads input for libyaml and keeps a copy in the batch being filled; -1 when the source
    /// failed.
    private func feed(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        do {
            let count = try source.read(into: buffer)
            if count > 0, let base = buffer.baseAddress, let batch = current {
                batch.appendInput(base, count: count)
                if batch.inputCount >= Self.inputPerBatch, let handOn {
                    current = handOn(batch)
                    wasHandedOn = true
                    if current == nil { return -1 }  // the reader is gone: libyaml stops on a read error
                }
            }
            return count
        } catch {
            readFailure = error
            return -1
        }
    }

    /// Parses events into `batch` until it is full or the stream ends (or fails: then the
    /// batch is the last one and carries the failure). Input that outgrows a batch while
    /// libyaml reads towards the next event goes to `handOn` in that batch, and filling goes on
    /// in the batch it returns. Returns the batch filled last; nil when `handOn` gave none.
    func fill(_ first: YAMLEventBatch, handOn: @escaping (YAMLEventBatch) -> YAMLEventBatch?) -> YAMLEventBatch? {
        current = first
        self.handOn = handOn
        defer {
            current = nil
            self.handOn = nil
        }
        // The batch is held here, not read from `current` for each event (that costs a retain
        // and a release an event); `feed` sets `wasHandedOn` when it replaces `current`.
        var batch = first
        while !isFinished && !batch.isFull {
            let parsed = yaml_parser_parse(parser, event) != 0
            if wasHandedOn {
                wasHandedOn = false
                guard let next = current else {  // handed on, and the reader is gone
                    if parsed { yaml_event_delete(event) }
                    return nil
                }
                batch = next
            }
            guard parsed else {
                batch.failure = failure()
                batch.isLast = true
                isFinished = true
                return batch
            }
            if copyEvent(into: batch) {
                batch.isLast = true
                isFinished = true
                return batch
            }
        }
        return batch
    }

    /// Copies the event just parsed into `batch` and frees libyaml's; true at the stream's end.
    @inline(__always)
    private func copyEvent(into batch: YAMLEventBatch) -> Bool {
        defer { yaml_event_delete(event) }
        let e = event.pointee
        let kind: YAMLEvent.Kind
        var value: (pointer: UnsafePointer<UInt8>?, count: Int) = (nil, 0)
        var tag: UnsafePointer<UInt8>?
        var anchor: UnsafePointer<UInt8>?
        var isPlain = false
        switch e.type {
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let scalar = e.data.scalar
            value = (UnsafePointer(scalar.value), scalar.length)
            tag = UnsafePointer(scalar.tag)
            anchor = UnsafePointer(scalar.anchor)
            isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        case YAML_ALIAS_EVENT:
            kind = .alias
            let name = UnsafePointer<UInt8>(e.data.alias.anchor)
            value = (name, name.map { strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? 0)
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            tag = UnsafePointer(e.data.mapping_start.tag)
            anchor = UnsafePointer(e.data.mapping_start.anchor)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            tag = UnsafePointer(e.data.sequence_start.tag)
            anchor = UnsafePointer(e.data.sequence_start.anchor)
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: return true
        default: return false
        }
        let valueStart = batch.appendBytes(value.pointer, count: value.count)
        var tagStart = 0
        var tagLength = -1
        var anchorStart = 0
        var anchorLength = -1
        if let tag {
            tagLength = strlen(UnsafeRawPointer(tag).assumingMemoryBound(to: CChar.self))
            tagStart = batch.appendBytes(tag, count: tagLength)
        }
        if let anchor {
            anchorLength = strlen(UnsafeRawPointer(anchor).assumingMemoryBound(to: CChar.self))
            anchorStart = batch.appendBytes(anchor, count: anchorLength)
        }
        batch.append(
            YAMLEvent(
                kind: kind, isPlain: isPlain, line: Int(e.start_mark.line) + 1, character: Int(e.start_mark.index),
                valueStart: valueStart, valueLength: value.count,
                tagStart: tagStart, tagLength: tagLength, anchorStart: anchorStart, anchorLength: anchorLength))
        return false
    }

    /// libyaml's failure: its message and the place it points at.
    private func failure() -> YAMLStreamFailure {
        let p = parser.pointee
        var message = p.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = p.context { message = String(cString: context) + ": " + message }
        if p.error == YAML_READER_ERROR {
            // Bad bytes (invalid UTF-8, a control character) carry a byte offset, no mark.
            if let problem = source.problem, problem.offset == Int(p.problem_offset) {
                message = problem.message  // UTF-16 input that was not UTF-16: the byte put there
            }
            return YAMLStreamFailure(
                message: message, character: nil, offset: Int(p.problem_offset), readFailure: readFailure)
        }
        let mark =
            p.problem_mark.line == 0 && p.problem_mark.column == 0 && p.problem_mark.index == 0 && p.context != nil
            ? p.context_mark : p.problem_mark
        return YAMLStreamFailure(message: message, character: Int(mark.index), offset: 0, readFailure: readFailure)
    }
}
