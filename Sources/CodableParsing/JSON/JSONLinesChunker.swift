/// A run of whole JSON Lines cut from an input, with the place its first byte has in the input:
/// chunks can be scanned independently of each other (on other threads), and their records,
/// handed on in chunk order, are the input's records in order.
public struct JSONLinesChunk: Sendable {
    /// The bytes: whole lines (the last one may lack its line break at the end of the input).
    public let bytes: ByteStorage
    /// Where `bytes` starts in the input.
    public let locator: SourceLocator

    /// A chunk of `bytes` (whole JSON Lines), which start the input where `locator` says.
    public init(bytes: ByteStorage, locator: SourceLocator = .start) {
        self.bytes = bytes
        self.locator = locator
    }

    /// Scans the chunk: its records as one batch (nil when it holds none), and the error that
    /// stopped the scan, if one did (the batch then holds the records before it). Records are
    /// numbered from 0: `RecordBatch.numbered(from:)` places them among the input's.
    public func scan(options: RecordReaderOptions) -> (batch: RecordBatch?, error: RecordReadError?) {
        let reader = RecordReader(chunk: self, options: options)
        do {
            guard let batch = try reader.nextBatch() else { return (nil, nil) }
            do {
                _ = try reader.nextBatch()
                return (batch, nil)
            } catch {
                return (batch, error)
            }
        } catch {
            return (nil, error)
        }
    }

    /// Scans the chunk reading on past each `skippedRecord` (with
    /// `options.resumesAfterMalformedRecords`): its batches and errors in input order, the last
    /// error the one that stopped the scan, if one did. Records are numbered from 0, a skipped
    /// one counting as one.
    public func scanAll(options: RecordReaderOptions) -> [Result<RecordBatch, RecordReadError>] {
        let reader = RecordReader(chunk: self, options: options)
        var pieces: [Result<RecordBatch, RecordReadError>] = []
        while true {
            do {
                guard let batch = try reader.nextBatch() else { return pieces }
                pieces.append(.success(batch))
            } catch {
                pieces.append(.failure(error))
                if !error.isSkippedRecord { return pieces }
            }
        }
    }
}

/// Cuts JSON Lines input into chunks of whole lines of about `chunkSize` bytes. Only line breaks
/// are looked for (one `memrchr`-like search per chunk); the scanning is left to whoever takes
/// the chunks. A line longer than a chunk makes that chunk grow until the line is whole.
public final class JSONLinesChunker<Source: ByteSource> {
    private var source: Source
    private let chunkSize: Int
    private let maxRecordBytes: Int
    /// The bytes read after the last cut: the start of a line.
    private var carry: ByteStorage?
    private var locator = SourceLocator.start
    private var endOfInput = false

    /// A chunker over `source`; a line longer than `maxRecordBytes` is an error (see
    /// `RecordReaderOptions.maxRecordBytes`).
    public init(
        source: Source, chunkSize: Int = 1 << 20, maxRecordBytes: Int = RecordReaderOptions.defaultMaxRecordBytes
    ) {
        self.source = source
        self.maxRecordBytes = min(max(maxRecordBytes, 16), RecordReaderOptions.defaultMaxRecordBytes)
        self.chunkSize = min(max(chunkSize, 16), self.maxRecordBytes)
    }

    /// The next chunk, or nil at the end of the input.
    public func nextChunk() throws(RecordReadError) -> JSONLinesChunk? {
        guard !endOfInput || carry != nil else { return nil }
        let storage = carry ?? ByteStorage(capacity: chunkSize)
        carry = nil
        var searched = storage.count  // the carried bytes hold no line break
        var lineHasContent = false  // whether the line being read has more than blanks so far
        while !endOfInput {
            if storage.count == storage.capacity {  // a line longer than the chunk: grow
                guard storage.count < maxRecordBytes else { throw lineTooLong(storage) }
                storage.reserveFreeCapacity(storage.capacity, limit: maxRecordBytes)
            }
            do {
                if try storage.fill(from: &source) == 0 { endOfInput = true }
            } catch {
                endOfInput = true
                throw .unreadable(error)
            }
            if endOfInput { break }
            let lastBreak = storage.withUnsafeBufferPointer { buffer in
                ByteSearch.lastIndex(of: 0x0A, in: buffer.baseAddress!, from: searched, to: buffer.count)
            }
            if let lastBreak {
                cut(storage, after: lastBreak)
                break
            }
            if !lineHasContent { lineHasContent = !dropIfBlank(storage) }
            searched = storage.count
        }
        guard storage.count > 0 else { return nil }
        let chunk = JSONLinesChunk(bytes: storage, locator: locator)
        locator = storage.withUnsafeBufferPointer { locator.advanced(by: $0.count, in: $0) }
        return chunk
    }

    /// The error for a line that does not fit `maxRecordBytes`, placed at its start; the
    /// chunker stops.
    private func lineTooLong(_ storage: ByteStorage) -> RecordReadError {
        endOfInput = true
        carry = nil
        return storage.withUnsafeBufferPointer { buffer in
            .malformed(
                .recordTooLarge(limit: maxRecordBytes), locator.location(of: 0, in: buffer),
                locator.excerpt(at: 0, in: buffer))
        }
    }

    /// Drops `storage`'s bytes when they are all blanks (spaces, tabs, CRs) that begin a line,
    /// so that a long run of them costs no memory; true when it did.
    private func dropIfBlank(_ storage: ByteStorage) -> Bool {
        let blank = storage.withUnsafeBufferPointer { buffer in
            buffer.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
        guard blank else { return false }
        locator = storage.withUnsafeBufferPointer { locator.advanced(by: $0.count, in: $0) }
        storage.truncate(to: 0)
        return true
    }

    /// Moves the bytes after `index` (the start of the next line) into `carry`, the next
    /// chunk's storage.
    private func cut(_ storage: ByteStorage, after index: Int) {
        let rest = storage.count - (index + 1)
        guard rest > 0 else { return }
        let next = ByteStorage(capacity: max(chunkSize, 2 * rest))
        storage.withUnsafeBufferPointer { next.append(UnsafeBufferPointer(rebasing: $0[(index + 1)...])) }
        storage.truncate(to: index + 1)
        carry = next
    }
}
