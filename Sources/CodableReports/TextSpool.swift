import CodableParsing

/// Text a report keeps until it can write it, after a head that counts it (JUnit's test cases,
/// SARIF's results, a JSON report's problems of one file): in memory up to `memoryLimit`
/// bytes, past them in a temporary file, read back in order when written out, so that the
/// problems of a run with no problem limit do not grow its memory with their number.
///
/// The file has no name: it is removed as soon as it is made, so nothing is left behind however
/// the run ends. Where no file can be made or written (no `directory`, a full disk), the text
/// stays in memory.
public final class TextSpool {
    private var memory: [UInt8] = []
    private let memoryLimit: Int
    /// Where the temporary file is made; nil once one could not be made or written.
    private var directory: String?
    /// The text before `memory`'s, once it passed the limit.
    private var file: UnnamedTemporaryFile?

    /// An empty spool that keeps up to `memoryLimit` bytes in memory and the rest in a file made
    /// in `directory` (nil: all in memory).
    public init(directory: String?, memoryLimit: Int = 256 << 10) {
        self.directory = directory
        self.memoryLimit = max(memoryLimit, 1)
    }

    /// The bytes the text in memory has room for: never more than the limit once a file takes
    /// the rest.
    var memoryCapacity: Int { memory.capacity }

    /// No text kept.
    public var isEmpty: Bool { memory.isEmpty && (file?.byteCount ?? 0) == 0 }

    /// Adds `text` after the text kept.
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Adds `bytes` after the text kept. The text in memory never takes more than the limit:
    /// it moves to the file before `bytes` would pass it, and its buffer grows no further than
    /// the limit (grown by doubling, a spool of 1 MiB would hold 2 MiB, and 3 while it grew; a
    /// JUnit report keeps two).
    public func append(_ bytes: UnsafeRawBufferPointer) {
        if memory.count + bytes.count > memoryLimit, spill() {
            if bytes.count >= memoryLimit {
                if file!.append(bytes) { return }
                directory = nil  // as in `spill()`
            }
        }
        let needed = memory.count + bytes.count
        if needed > memory.capacity {
            // Doubled, as an array grows, but not past the limit while a file takes the rest;
            // with no file, doubled past it (grown to what is needed only, appends would copy
            // the text each time).
            let doubled = 2 * memory.capacity
            memory.reserveCapacity(Swift.max(needed, directory == nil ? doubled : Swift.min(memoryLimit, doubled)))
        }
        memory.append(contentsOf: bytes)
    }

    /// Hands all the text kept to `body`, in order, in pieces of at most 64 KiB, and empties
    /// the spool. Throws when the file cannot be read back (the text kept is then lost).
    public func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws(ReportWriteError) {
        defer {
            memory.removeAll(keepingCapacity: false)
            file?.truncate(toCount: 0)  // the next text is written from the start again
        }
        do { try file?.forEachPiece(body) } catch { throw ReportWriteError(reason: error.reason) }
        memory.withUnsafeBytes { body($0) }
    }

    /// Moves the text in memory to the file; false when there is no file (none could be made
    /// or written): the text then stays in memory, and what comes too.
    private func spill() -> Bool {
        guard let directory else { return false }
        if file == nil {
            file = UnnamedTemporaryFile(directory: directory, prefix: "codable-report")
            guard file != nil else {
                self.directory = nil
                return false
            }
        }
        // Not written: the file keeps what it held whole; the rest, and what comes, stays in memory.
        guard memory.withUnsafeBytes({ file!.append($0) }) else {
            self.directory = nil
            return false
        }
        memory.removeAll(keepingCapacity: true)
        return true
    }
}

/// A report's text could not be written out: its temporary file could not be read back.
public struct ReportWriteError: Error, Sendable, Equatable {
    /// Why, as the system says it.
    public let reason: String
}
