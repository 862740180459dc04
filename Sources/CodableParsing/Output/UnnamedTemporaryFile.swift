#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file without a name: made in a directory and removed at once, so nothing is left
/// behind however the run ends (SIGKILL included). Bytes are appended at its end, read back in
/// order from its start, and cut off; a report's spooled text (`TextSpool`) and a huge decoded
/// record (`OutputOverflow`) are kept in one.
public final class UnnamedTemporaryFile {
    private let descriptor: Int32
    /// The bytes the file holds.
    public private(set) var byteCount = 0

    /// A new empty file in `directory`; nil when none can be made there.
    public init?(directory: String, prefix: String) {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        var template = Array((folder + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Appends `bytes`; false when they could not all be written (a full disk), and the file
    /// then holds what it held before.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = pwrite(
                descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(byteCount + written))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                _ = ftruncate(descriptor, off_t(byteCount))
                return false
            }
            written += count
        }
        byteCount += bytes.count
        return true
    }

    /// Keeps the first `count` bytes only.
    public func truncate(toCount count: Int) {
        precondition(count >= 0 && count <= byteCount)
        _ = ftruncate(descriptor, off_t(count))
        byteCount = count
    }

    /// Hands the file's bytes to `body` in order, in pieces of at most 64 KiB. Throws the
    /// system's reason when they cannot be read back.
    public func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws(TemporaryFileError) {
        guard byteCount > 0 else { return }
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: min(byteCount, 64 << 10), alignment: 1)
        defer { piece.deallocate() }
        var offset = 0
        while offset < byteCount {
            let count = try read(
                into: UnsafeMutableRawBufferPointer(rebasing: piece[..<min(piece.count, byteCount - offset)]),
                at: offset)
            body(UnsafeRawBufferPointer(rebasing: piece[..<count]))
            offset += count
        }
    }

    /// Reads the whole file into `destination` (at least `byteCount` bytes).
    public func readAll(into destination: UnsafeMutableRawPointer) throws(TemporaryFileError) {
        var offset = 0
        while offset < byteCount {
            offset += try read(
                into: UnsafeMutableRawBufferPointer(start: destination + offset, count: byteCount - offset), at: offset)
        }
    }

    /// Reads at most `buffer.count` bytes at `offset`; at least one.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(TemporaryFileError) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw TemporaryFileError(
                    reason: count == 0 ? "the temporary file ended early" : String(cString: strerror(errno)))
            }
            return count
        }
    }
}

/// A temporary file's bytes could not be read back.
public struct TemporaryFileError: Error, Sendable, Equatable {
    /// Why, as the system says it.
    public let reason: String

    /// An error for `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}
