/// A run of whole CSV or TSV rows cut from the input after a line feed, with the header read
/// before it: chunks can be scanned independently of each other (on other threads), and their
/// records, handed on in chunk order, are the input's records in order.
public struct CSVChunk: Sendable {
    /// The chunk's bytes (the header's are not among them: it is read before).
    public let bytes: ByteStorage
    /// Where the chunk's rows start in `bytes`.
    public let start: Int
    /// Where `bytes` starts in the input.
    public let locator: SourceLocator
    /// The header every record is keyed by (nil without one).
    let header: CSVHeader?

    /// Scans the chunk: its records' batches, numbered from 0. Nil when the chunk is not a run
    /// of whole, well-formed rows (a bad row, or a cut inside a quoted field that a quote in an
    /// unquoted cell led the pre-scan to): such a chunk and what follows are read again in order
    /// (`CSVChunker.readerInOrder(from:)`), which reports the error as it always does.
    public func scan(options: CSVReaderOptions) -> [RecordBatch]? {
        let reader = CSVReader(chunk: self, options: options)
        var batches: [RecordBatch] = []
        while true {
            do {
                guard let batch = try reader.nextBatch() else { return batches }
                batches.append(batch)
            } catch {
                return nil
            }
        }
    }
}

/// What the chunker hands on next.
public enum CSVPiece: Sendable {
    /// Whole rows to scan.
    case chunk(CSVChunk)
    /// The rest of the input is read in order (`CSVChunker.readerInOrder(from:)`): the last
    /// rows, an input that starts with a byte order mark or a header that is not whole and
    /// well formed, or from a row longer than a chunk and 1 MiB (read in the chunker's storage,
    /// grown in place: no copy of it is ever held beside it).
    case rest
}

/// Cuts CSV or TSV input into chunks of whole rows of about `chunkSize` bytes. The header is
/// read first; then quotes and line feeds are counted: a line feed after an even number of
/// quotes ends a row, unless a quote stands inside an unquoted cell (taken as it is), which
/// only a chunk's scan can tell. Nothing else is checked here: the chunks' scans check every
/// byte, and any doubt sends the input from that chunk on to a reader in order, so records and
/// errors are exactly those of reading the whole input in order. The last rows are read in
/// order too, and so is everything from a row longer than a chunk and 1 MiB: a row of many MB
/// (one wide record) is held once, as one reader holds it, not once more in a chunk.
public final class CSVChunker<Source: ByteSource> {
    private var source: Source
    private let options: CSVReaderOptions
    private let chunkSize: Int
    /// The most bytes the header row may take: past it, the input is read in order.
    private let largestHeader: Int
    /// A row longer than this (a chunk, and at least 1 MiB) is read in order, from where it
    /// starts on.
    private let longestChunkedRow: Int
    /// The bytes read and not yet cut, from the start of the next chunk's bytes.
    private var storage: ByteStorage
    /// Where `storage` starts in the input; lines end where rows may.
    private var locator = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1, lineBreaks: .returnOrLineFeed)
    /// Where the next chunk's rows start in `storage`.
    private var chunkStart = 0
    /// How much of `storage` was pre-scanned, and whether an odd number of quotes came before.
    private var scanned = 0
    private var insideQuotes = false
    /// Where the row after the last line feed outside quotes pre-scanned starts.
    private var lastCut: Int?
    /// The header was read (or there is none): rows follow.
    private var started = false
    private var header: CSVHeader?
    private var endOfInput = false
    /// The rest was handed to a reader in order.
    private var handedOver = false

    /// A chunker over `source`, read with `options` (its `chunkSize`, and its limits for the
    /// reader in order).
    public init(source: Source, options: CSVReaderOptions) {
        self.source = source
        self.options = options
        self.chunkSize = min(max(options.chunkSize, 16), options.maxRowLength)
        self.largestHeader = min(max(8 * chunkSize, 1 << 24), options.maxRowLength)
        self.longestChunkedRow = min(max(chunkSize, 1 << 20), options.maxRowLength)
        self.storage = ByteStorage(capacity: chunkSize)
    }

    /// The next piece, or nil after `.rest`.
    public func nextPiece() throws(RecordReadError) -> CSVPiece? {
        guard !handedOver else { return nil }
        while true {
            if !started, !readHeader() { return handOver() }
            if started {
                prescan()
                if let cut = lastCut, !endOfInput { return .chunk(self.cut(at: cut)) }
                // A long row is read in order, in this storage (grown in place there, as one
                // reader grows it): in a chunk it would be held again beside the next chunk's
                // bytes, and scanned on another thread, and it is a batch of its own anyway.
                if lastCut == nil && storage.count - chunkStart >= longestChunkedRow { return handOver() }
            }
            if endOfInput { return handOver() }
            if storage.count == storage.capacity {
                // The header or a row is not whole yet (a row is shorter than `longestChunkedRow`).
                guard started || storage.count < largestHeader else { return handOver() }
                storage.reserveFreeCapacity(storage.capacity)
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
    public func readerInOrder(from chunks: [CSVChunk]) -> CSVReader<Source> {
        handedOver = true
        let rest = storage
        storage = ByteStorage(capacity: 0)
        guard let first = chunks.first else {
            return CSVReader(
                resuming: source, storage: rest, at: chunkStart, locator: locator, header: header, started: started,
                endOfInput: endOfInput, options: options)
        }
        let pieces = [(first.bytes, 0)] + chunks.dropFirst().map { ($0.bytes, $0.start) } + [(rest, chunkStart)]
        let joined = ByteStorage(capacity: pieces.reduce(0) { $0 + $1.0.count - $1.1 })
        for (bytes, start) in pieces {
            bytes.withUnsafeBufferPointer { joined.append(UnsafeBufferPointer(rebasing: $0[start...])) }
        }
        return CSVReader(
            resuming: source, storage: joined, at: first.start, locator: first.locator, header: first.header,
            started: true, endOfInput: endOfInput, options: options)
    }

    /// Marks the rest as read in order.
    private func handOver() -> CSVPiece {
        handedOver = true
        return .rest
    }

    /// Reads the header when its row is whole (or notes that there is none), and lets go of its
    /// bytes (its names are kept in `header`); false when the input is to be read in order from
    /// its start: it begins with a byte order mark or a blank line, or its header is not well
    /// formed (the reader in order says why).
    private func readHeader() -> Bool {
        guard parseHeader() else { return false }
        if chunkStart > 0 { dropBytes(before: chunkStart) }
        return true
    }

    /// Parses the header row, when it is whole, at the start of `storage`.
    private func parseHeader() -> Bool {
        storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count >= 3 || endOfInput else { return true }
            if buffer.count == 0 || base[0] == 0xEF { return false }
            guard options.hasHeader else {
                started = true
                return true
            }
            let scanner = CSVRowScanner(
                delimiter: options.dialect.delimiter, maxFieldLength: options.maxTokenLength,
                maxRowLength: options.maxRowLength)
            var row = CSVRowMeasure(emptyAsNull: false)
            guard
                let outcome = try? scanner.scanRow(base, from: 0, end: buffer.count, isFinal: endOfInput, into: &row)
            else { return false }
            guard case .row(let next) = outcome else { return true }
            guard !row.isBlank,
                let header = try? CSVHeader(
                    base, from: 0, end: buffer.count, isFinal: endOfInput, row: row, scanner: scanner)
            else { return false }
            self.header = header
            started = true
            chunkStart = next
            scanned = next
            return true
        }
    }

    /// Counts the quotes and finds the line feeds outside quotes in the bytes not yet scanned.
    private func prescan() {
        storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var parity = insideQuotes ? 1 : 0
            var cut = lastCut ?? -1
            var index = scanned
            // Eight bytes at a time: only a word that holds a line feed is looked at byte by byte.
            while index &+ 8 <= buffer.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if Self.bytes(of: word, equalTo: Self.lineFeeds) == 0 {
                    parity ^= Self.bytes(of: word, equalTo: Self.quotes).nonzeroBitCount & 1
                    index &+= 8
                    continue
                }
                for _ in 0..<8 {
                    let byte = base[index]
                    parity ^= byte == UInt8(ascii: "\"") ? 1 : 0
                    if byte == 0x0A && parity == 0 { cut = index + 1 }
                    index &+= 1
                }
            }
            while index < buffer.count {
                let byte = base[index]
                parity ^= byte == UInt8(ascii: "\"") ? 1 : 0
                if byte == 0x0A && parity == 0 { cut = index + 1 }
                index &+= 1
            }
            insideQuotes = parity == 1
            scanned = buffer.count
            if cut > chunkStart { lastCut = cut }
        }
    }

    private static var quotes: UInt64 { UInt64(UInt8(ascii: "\"")) &* 0x0101_0101_0101_0101 }
    private static var lineFeeds: UInt64 { UInt64(0x0A) &* 0x0101_0101_0101_0101 }

    /// The high bit of each byte of `word` that equals the byte `pattern` repeats, exactly (no
    /// borrow marks a byte next to one, so the marks can be counted).
    @inline(__always)
    private static func bytes(of word: UInt64, equalTo pattern: UInt64) -> UInt64 {
        let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ pattern
        return ~(((difference & lowBits) &+ lowBits) | difference | lowBits)
    }

    /// The chunk of the rows before `cut`; the bytes from `cut` on go to a new storage, the
    /// next chunk's.
    private func cut(at cut: Int) -> CSVChunk {
        let chunk = CSVChunk(bytes: storage, start: chunkStart, locator: locator, header: header)
        let rest = bytes(from: cut)
        storage.truncate(to: cut)
        storage = rest
        chunkStart = 0
        lastCut = nil
        return chunk
    }

    /// Goes on in a new storage holding the bytes from `index` on: those before are let go.
    private func dropBytes(before index: Int) {
        storage = bytes(from: index)
        chunkStart = 0
        lastCut = nil
    }

    /// A new storage holding the bytes of `storage` from `index` on, with room for a chunk more;
    /// the place and the pre-scan follow them.
    private func bytes(from index: Int) -> ByteStorage {
        storage.withUnsafeBufferPointer { buffer in
            let next = ByteStorage(capacity: max(chunkSize, 2 * (buffer.count - index)))
            next.append(UnsafeBufferPointer(rebasing: buffer[index...]))
            locator = locator.advanced(by: index, in: buffer)
            scanned = max(scanned - index, 0)
            return next
        }
    }
}
