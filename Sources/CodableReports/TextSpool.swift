#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text a report keeps until it can write it, after a head that counts it (JUnit's test cases,
/// SARIF's results, a JSON report's problems of one file): in memory up to `memoryLimit`
/// bytes, past them in a temporary file, read back in order when written out. With
/// `--max-errors 0`, 500 000 problems kept as strings took 290 to 520 MB.
///
/// The file has no name: it is removed as soon as it is made, so nothing is left behind however
/// the run ends. Where no file can be made or written (no `directory`, a full disk), the text
/// stays in memory, as it did before there was a spool.
public final class TextSpool {
    private var memory: [UInt8] = []
    private let memoryLimit: Int
    /// Where the temporary file is made; nil once one could not be made or written.
    private var directory: String?
    private var file: Int32 = -1
    /// Bytes written to the file (all of them, in order, before `memory`'s).
    private var fileBytes = 0

    /// An empty spool that keeps up to `memoryLimit` bytes in memory and the rest in a file made
    /// in `directory` (nil: all in memory).
    public init(directory: String?, memoryLimit: Int = 1 << 20) {
        self.directory = directory
        self.memoryLimit = max(memoryLimit, 1)
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// No text kept.
    public var isEmpty: Bool { memory.isEmpty && fileBytes == 0 }

    /// Adds `text` after the text kept.
    public func append(_ text: String) {
        memory.append(contentsOf: text.utf8)
        spillIfFull()
    }

    /// Adds `bytes` after the text kept.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        memory.append(contentsOf: bytes)
        spillIfFull()
    }

    /// Hands all the text kept to `body`, in order, in pieces of at most 64 KiB, and empties
    /// the spool. Throws when the file cannot be read back (the text kept is then lost).
    public func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws(ReportWriteError) {
        defer {
            memory.removeAll(keepingCapacity: false)
            if file >= 0 {  // the next text is written from the start again
                _ = ftruncate(file, 0)
                _ = lseek(file, 0, SEEK_SET)
            }
            fileBytes = 0
        }
        if fileBytes > 0 {
            guard lseek(file, 0, SEEK_SET) == 0 else { throw ReportWriteError(reason: Self.errorText()) }
            var piece = [UInt8](repeating: 0, count: 64 << 10)
            var left = fileBytes
            while left > 0 {
                let count = piece.withUnsafeMutableBytes { read(file, $0.baseAddress, min($0.count, left)) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw ReportWriteError(reason: count == 0 ? "the temporary file ended early" : Self.errorText()) }
                piece.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                left -= count
            }
        }
        memory.withUnsafeBytes { body($0) }
    }

    /// Moves the text in memory to the file once it passes the limit.
    private func spillIfFull() {
        guard memory.count >= memoryLimit, let directory else { return }
        if file < 0 {
            file = Self.makeUnnamedFile(in: directory)
            guard file >= 0 else { self.directory = nil; return }
        }
        let written = memory.withUnsafeBytes { Self.writeAll($0, to: file) }
        guard written else {
            // The file keeps what it held whole; the rest, and what comes, stays in memory.
            _ = ftruncate(file, off_t(fileBytes))
            _ = lseek(file, off_t(fileBytes), SEEK_SET)
            self.directory = nil
            return
        }
        fileBytes += memory.count
        memory.removeAll(keepingCapacity: true)
    }

    /// A new file in `directory`, already removed; -1 when none can be made.
    private static func makeUnnamedFile(in directory: String) -> Int32 {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("codable-report-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(file, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// A report's text could not be written out: its temporary file could not be read back.
public struct ReportWriteError: Error, Sendable, Equatable {
    /// Why, as the system says it.
    public let reason: String
}
