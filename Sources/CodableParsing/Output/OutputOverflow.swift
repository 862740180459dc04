/// Where the bytes of a huge record being written wait, out of memory, until the record is
/// done: `decode` cannot hand a record on before it has decoded whole (a record that fails
/// leaves no bytes), so that its output, about once more the record's size, is not held whole
/// in memory meanwhile.
///
/// An `OutputBuffer` that uses one (`OutputBuffer.overflow(into:)`) moves its bytes here when it
/// has to grow and the record being written (`OutputBuffer.markRecordStart()`) holds more than
/// `recordBytesKept` of them; they still count as written, so positions, `truncate(toCount:)`
/// and `forEachPiece` see one run of bytes, this file's and then the buffer's. The file is made
/// in `directory` the first time, without a name (`UnnamedTemporaryFile`); where it cannot be
/// made or written, the bytes stay in memory, as in a buffer without one.
public final class OutputOverflow {
    /// A record's bytes in memory past this many go to the file when the buffer has to grow.
    public let recordBytesKept: Int
    private var directory: String?
    private var file: UnnamedTemporaryFile?

    /// An overflow whose file is made in `directory` when first needed.
    public init(directory: String, recordBytesKept: Int = 256 << 10) {
        self.directory = directory
        self.recordBytesKept = max(recordBytesKept, 1)
    }

    /// The bytes moved here and not yet taken back.
    public var byteCount: Int { file?.byteCount ?? 0 }

    /// Appends `bytes`; false (now and from then on) when there is no file to take them.
    func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let directory else { return false }
        if file == nil { file = UnnamedTemporaryFile(directory: directory, prefix: "codable-record") }
        guard let file, file.append(bytes) else {
            self.directory = nil
            return false
        }
        return true
    }

    /// Keeps the first `count` bytes only.
    func truncate(toCount count: Int) {
        file?.truncate(toCount: count)
    }

    /// Hands the bytes to `body` in order, in pieces.
    func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws(TemporaryFileError) {
        try file?.forEachPiece(body)
    }

    /// Reads all the bytes into `destination`.
    func readAll(into destination: UnsafeMutableRawPointer) throws(TemporaryFileError) {
        try file?.readAll(into: destination)
    }
}
