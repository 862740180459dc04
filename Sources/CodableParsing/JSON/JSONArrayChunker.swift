/// A run of whole elements of a top-level JSON array, cut from the input at commas between
/// elements: chunks can be scanned independently of each other (on other threads), and their
/// records, handed on in chunk order, are the array's elements in order.
///
/// The first chunk starts the input (its `[` and the whitespace before); each later one starts
/// at the comma before its first element. Each ends right before the comma after its last
/// element. The bytes around the chunk (up to 1 KiB before, to the start of the line, and a few
/// after) are kept for error excerpts, as a reader in order keeps them.
public struct JSONArrayChunk: Sendable {
    /// The chunk's bytes, with the bytes kept around it.
    public let bytes: ByteStorage
    /// Where the chunk starts in `bytes`.
    public let start: Int
    /// Where the chunk ends in `bytes` (a comma between elements follows).
    public let end: Int
    /// Where `bytes` starts in the input.
    public let locator: SourceLocator
    /// Whether the chunk starts the input (its first byte is the input's first).
    public let startsInput: Bool

    /// Scans the chunk: its elements as one batch, numbered from 0. Nil when the chunk is not a
    /// run of whole, well-formed elements (a syntax error, or a cut the pre-scan got wrong on
    /// malformed input): such a chunk and what follows are read again in order
    /// (`JSONArrayChunker.readerInOrder(from:)`), which reports the error as it always does.
    public func scan(options: RecordReaderOptions) -> RecordBatch? {
        let reader = RecordReader(arrayChunk: self, options: options)
        guard let batch = try? reader.nextBatch(), reader.endedAtChunkEnd else { return nil }
        return batch
    }
}

/// What the chunker hands on next.
public enum JSONArrayPiece: Sendable {
    /// Whole elements to scan.
    case chunk(JSONArrayChunk)
    /// The rest of the input is read in order (`JSONArrayChunker.readerInOrder(from:)`): the
    /// array's last elements and its end, an input that is not an array, a byte order mark, an
    /// element too large for a chunk, or malformed bytes the pre-scan cannot place.
    case rest
}

/// Cuts a top-level JSON array into chunks of whole elements of about `chunkSize` bytes
/// (`ArrayStructureScan` finds the commas between elements); after the last chunk, the rest is
/// read in order. Nothing is checked here: the chunks' scans check every byte, and any doubt
/// sends the input from that chunk on to a reader in order, so records and errors are exactly
/// those of reading the whole input in order.
public final class JSONArrayChunker<Source: ByteSource> {
    private var source: Source
    private let options: RecordReaderOptions
    private let chunkSize: Int
    /// The most bytes a chunk may hold while no comma between elements is found: past it, the
    /// rest is read in order.
    private let largestChunk: Int
    /// The bytes read and not yet cut, from the context kept before the next chunk.
    private var storage: ByteStorage
    /// Where `storage` starts in the input.
    private var locator = SourceLocator.start
    /// Where the next chunk starts in `storage`.
    private var chunkStart = 0
    /// How much of `storage` was pre-scanned.
    private var scanned = 0
    private var structure = ArrayStructureScan()
    /// The last comma between elements pre-scanned in `storage`.
    private var lastSeparator: Int?
    /// The array's `[` was found.
    private var opened = false
    /// No chunk was cut yet: `storage` starts the input.
    private var startsInput = true
    private var endOfInput = false
    /// The rest was handed to a reader in order.
    private var handedOver = false

    /// A chunker over `source`, read with `options` (its `chunkSize`, and its limits for the
    /// reader in order).
    public init(source: Source, options: RecordReaderOptions) {
        self.source = source
        self.options = options
        self.chunkSize = min(max(options.chunkSize, 16), options.maxRecordBytes)
        self.largestChunk = min(max(8 * chunkSize, 1 << 24), options.maxRecordBytes)
        self.storage = ByteStorage(capacity: chunkSize)
    }

    /// The next piece, or nil after `.rest`.
    public func nextPiece() throws(RecordReadError) -> JSONArrayPiece? {
        guard !handedOver else { return nil }
        while true {
            if !opened, let first = firstSignificantByte() {
                // Anything but an array (or an array after a byte order mark) is read in order.
                guard first.byte == UInt8(ascii: "[") && !startsWithByteOrderMark else { return handOver() }
                opened = true
                scanned = first.index + 1
            }
            if opened {
                let closed = storage.withUnsafeBufferPointer { buffer in
                    structure.scan(
                        buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, from: scanned, to: buffer.count,
                        lastSeparator: &lastSeparator)
                }
                // The array's end (or a stray bracket): the last elements are read in order.
                if closed != nil { return handOver() }
                scanned = storage.count
                if let separator = lastSeparator { return .chunk(cut(at: separator)) }
            }
            if endOfInput { return handOver() }
            if storage.count == storage.capacity {
                guard storage.count < largestChunk else { return handOver() }
                storage.reserveFreeCapacity(storage.capacity, limit: largestChunk)
            }
            do {
                if try storage.fill(from: &source) == 0 { endOfInput = true }
            } catch {
                endOfInput = true
                handedOver = true
                throw .unreadable(error)
            }
        }
    }

    /// A reader in order over the rest of the input from the start of `chunks[0]` (chunks
    /// handed on before and not yet read; their bytes are read again), or from where the
    /// chunker stands when `chunks` is empty. The chunker is done with once it is asked for.
    public func readerInOrder(from chunks: [JSONArrayChunk]) -> RecordReader<Source> {
        handedOver = true
        let rest = storage
        storage = ByteStorage(capacity: 0)
        guard let first = chunks.first else {
            return RecordReader(
                resuming: source, storage: rest, at: chunkStart, locator: locator, insideArray: !startsInput,
                endOfInput: endOfInput, options: options)
        }
        let pieces = [(first.bytes, 0..<first.end)] + chunks.dropFirst().map { ($0.bytes, $0.start..<$0.end) }
        let joined = ByteStorage(capacity: pieces.reduce(rest.count - chunkStart) { $0 + $1.1.count })
        for (bytes, range) in pieces + [(rest, chunkStart..<rest.count)] {
            bytes.withUnsafeBufferPointer { joined.append(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return RecordReader(
            resuming: source, storage: joined, at: first.start, locator: first.locator,
            insideArray: !first.startsInput, endOfInput: endOfInput, options: options)
    }

    /// Marks the rest as read in order.
    private func handOver() -> JSONArrayPiece {
        handedOver = true
        return .rest
    }

    /// The first byte of `storage` that is not whitespace, and its index, if one was read.
    private func firstSignificantByte() -> (byte: UInt8, index: Int)? {
        storage.withUnsafeBufferPointer { buffer in
            guard let index = buffer.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
            else { return nil }
            return (buffer[index], index)
        }
    }

    private var startsWithByteOrderMark: Bool {
        storage.withUnsafeBufferPointer { $0.first == 0xEF }
    }

    /// The chunk that ends at `separator`; the bytes after it (and the context before it) go on
    /// to a new storage, the next chunk's.
    private func cut(at separator: Int) -> JSONArrayChunk {
        let chunk = JSONArrayChunk(
            bytes: storage, start: chunkStart, end: separator, locator: locator, startsInput: startsInput)
        startsInput = false
        let next = storage.withUnsafeBufferPointer { buffer in
            // The context a reader in order keeps: the start of the line, up to 1 KiB of it.
            let lineStart = ByteSearch.lastIndex(
                of: 0x0A, in: buffer.baseAddress!, from: max(0, separator - 1024), to: separator)
            let keep = lineStart.map { $0 + 1 } ?? max(0, separator - 1024)
            let next = ByteStorage(capacity: buffer.count - keep + chunkSize)
            next.append(UnsafeBufferPointer(rebasing: buffer[keep...]))
            locator = locator.advanced(by: keep, in: buffer)
            chunkStart = separator - keep
            scanned = buffer.count - keep
            return next
        }
        // A few bytes after the chunk stay for excerpts.
        storage.truncate(to: min(storage.count, separator + 128))
        storage = next
        lastSeparator = nil
        return chunk
    }
}
