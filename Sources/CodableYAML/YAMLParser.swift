internal import CYAML
import CodableParsing

/// Owns one libyaml `yaml_parser_t` and the event it last produced, fed from a `ByteSource`.
///
/// Every byte fed to libyaml is also kept in `window` (from the start of the oldest line still
/// needed), so that values and errors can be shown with their source line. The parser and the
/// event live in memory this class allocates, so their addresses never move; `deinit` frees them.
final class YAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The event of the last successful `next()`; valid until the following call.
    let event: UnsafeMutablePointer<yaml_event_t>
    private var hasEvent = false
    private var source: any ByteSource
    /// The error the byte source threw, if reading failed.
    private(set) var readFailure: (any Error)?

    /// Input fed so far, from the start of line `windowFirstLine` on.
    private(set) var window: ByteStorage
    /// The (1-based) line `window` starts with.
    private(set) var windowFirstLine = 1
    /// Absolute input offset of `window`'s first byte.
    private(set) var windowBaseOffset = 0

    /// Why parsing stopped: libyaml's message and the 1-based place it points at.
    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    init(source: any ByteSource) {
        self.source = source
        self.window = ByteStorage(capacity: 1 << 16)
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            fatalError("libyaml could not allocate a parser (out of memory)")
        }
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            let parser = Unmanaged<YAMLParser>.fromOpaque(data!).takeUnretainedValue()
            let count = parser.feed(UnsafeMutableRawBufferPointer(start: buffer, count: size))
            sizeRead!.pointee = max(count, 0)
            return count < 0 ? 0 : 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if hasEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Reads input for libyaml and keeps a copy in the window; -1 when the source failed.
    private func feed(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        do {
            let count = try source.read(into: buffer)
            window.append(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
            return count
        } catch {
            readFailure = error
            return -1
        }
    }

    /// Parses the next event into `event`.
    func next() throws(Failure) {
        if hasEvent {
            yaml_event_delete(event)
            hasEvent = false
        }
        guard yaml_parser_parse(parser, event) != 0 else {
            let p = parser.pointee
            var message = p.problem.map { String(cString: $0) } ?? "invalid YAML"
            if let context = p.context { message = String(cString: context) + ": " + message }
            if p.error == YAML_READER_ERROR {
                // Bad bytes (invalid UTF-8, a control character) carry a byte offset, no mark.
                let place = lineAndColumn(ofOffset: Int(p.problem_offset))
                throw Failure(message: message, line: place.line, column: place.column)
            }
            let mark = p.problem_mark.line == 0 && p.problem_mark.column == 0 && p.problem_mark.index == 0 && p.context != nil
                ? p.context_mark : p.problem_mark
            throw Failure(message: message, line: mark.line + 1, column: mark.column + 1)
        }
        hasEvent = true
    }

    /// The 1-based line and column (in Unicode scalars, as libyaml's marks count) of the input
    /// byte at `offset`, found in the window; clamped to the window's ends.
    private func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        window.withUnsafeBufferPointer { bytes in
            let end = min(max(offset - windowBaseOffset, 0), bytes.count)
            var line = windowFirstLine
            var column = 1
            // A byte order mark at the very start is not a column.
            let start = windowBaseOffset == 0 && end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            for byte in bytes[start..<end] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }
    }

    /// Drops the window's lines before `line` (they hold no value still to be located), copying
    /// what is kept into fresh storage so that batches already handed on keep theirs untouched.
    func trimWindow(toLine line: Int) {
        guard line > windowFirstLine else {
            window = copy(of: window, from: 0)
            return
        }
        var offset = 0
        var skipped = 0
        window.withUnsafeBufferPointer { bytes in
            while windowFirstLine + skipped < line, offset < bytes.count {
                guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { break }
                offset = newline + 1
                skipped += 1
            }
        }
        windowFirstLine += skipped
        windowBaseOffset += offset
        window = copy(of: window, from: offset)
    }

    private func copy(of storage: ByteStorage, from offset: Int) -> ByteStorage {
        storage.withUnsafeBufferPointer { bytes in
            let next = ByteStorage(capacity: max(1 << 16, (bytes.count - offset) * 2))
            next.append(UnsafeBufferPointer(rebasing: bytes[offset...]))
            return next
        }
    }

    /// Location and excerpt of a 1-based line and column in the window.
    func place(line: Int, column: Int) -> (location: SourceLocation, excerpt: SourceExcerpt) {
        NodeSourceMap.place(line: line, column: column, in: window, firstLine: windowFirstLine, baseOffset: windowBaseOffset)
    }
}
