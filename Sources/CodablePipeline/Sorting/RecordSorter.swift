import CodableParsing

/// `--sort-by`: a stable sort in bounded memory. Records are kept (with their batches) until
/// they hold more than `memoryLimit` bytes; then they are sorted and written to a run in
/// `SpillStorage`, and at the end the runs are merged (ties go to the earlier run, so the sort
/// stays stable).
final class RecordSorter {
    private struct Entry {
        var record: Record
        var replacements: NodeReplacements
        var keys: [SortKey]
        var sequence: Int
    }

    private let fields: [SortField]
    private let memoryLimit: Int
    private let spill: (any SpillStorage)?
    private var entries: [Entry] = []
    private var heldBytes = 0
    private var lastBatch: ObjectIdentifier?
    /// The input text the last batch with a source map kept (batches of one YAML window share it).
    private var lastText: ObjectIdentifier?
    private var runs: [any SpillRun] = []
    private var sequence = 0

    init(fields: [SortField], memoryLimit: Int, spill: (any SpillStorage)?) {
        self.fields = fields
        self.memoryLimit = memoryLimit
        self.spill = spill
    }

    deinit {
        for run in runs { run.remove() }
    }

    /// Keeps a record for sorting; spills when memory is over the limit.
    func add(_ record: Record, replacements: NodeReplacements) throws {
        let identity = ObjectIdentifier(record.batch.nodes)
        if identity != lastBatch {
            lastBatch = identity
            heldBytes += record.batch.bytes.count + record.batch.nodes.byteCount
            if let map = record.batch.sourceMap {  // CSV and YAML: the input text and offsets too
                heldBytes += map.placesByteCount
                if ObjectIdentifier(map.text) != lastText {
                    lastText = ObjectIdentifier(map.text)
                    heldBytes += map.text.count
                }
            }
        }
        entries.append(
            Entry(
                record: record, replacements: replacements, keys: fields.map { SortKey($0.path, in: record) },
                sequence: sequence))
        sequence += 1
        if heldBytes > memoryLimit, spill != nil { try spillRun() }
    }

    /// Emits every record in order, then forgets them all.
    func finish(_ emit: (Record, NodeReplacements) throws -> Bool) throws {
        sortEntries()
        if runs.isEmpty {
            for entry in entries where try !emit(entry.record, entry.replacements) { break }
            entries = []
            return
        }
        if !entries.isEmpty { try spillRun() }
        try merge(emit)
    }

    private func sortEntries() {
        entries.sort { a, b in
            let order = SortKey.compare(a.keys, b.keys, fields)
            return order != 0 ? order < 0 : a.sequence < b.sequence
        }
    }

    private func spillRun() throws {
        guard let spill else { return }
        sortEntries()
        let run = try spill.makeRun()
        runs.append(run)
        var writer = JSONWriter()
        let buffer = OutputBuffer()
        for entry in entries {
            writer.write(entry.record, replacements: entry.replacements, to: buffer)
            buffer.append(0x0A)
            if buffer.count >= 1 << 20 {
                try buffer.withUnsafeBytes { try run.write($0) }
                buffer.removeAll()
            }
        }
        try buffer.withUnsafeBytes { try run.write($0) }
        entries = []
        heldBytes = 0
        lastBatch = nil
        lastText = nil
    }

    /// A run being merged: its current batch and position.
    private final class Cursor {
        let reader: RecordReader<BoxedByteSource>
        var batch: RecordBatch?
        var index = 0
        var keys: [SortKey] = []

        init(_ reader: RecordReader<BoxedByteSource>) { self.reader = reader }
    }

    private func merge(_ emit: (Record, NodeReplacements) throws -> Bool) throws {
        var cursors: [Cursor] = []
        for run in runs {
            let options = RecordReaderOptions(framing: .jsonl, maxDepth: 100_000, chunkSize: 256 << 10)
            let cursor = Cursor(RecordReader(source: BoxedByteSource(base: try run.reader()), options: options))
            if try advance(cursor, first: true) { cursors.append(cursor) }
        }
        while !cursors.isEmpty {
            var best = 0
            for position in 1..<max(1, cursors.count)
            where SortKey.compare(cursors[position].keys, cursors[best].keys, fields) < 0 {
                best = position
            }
            let cursor = cursors[best]
            guard try emit(cursor.batch![cursor.index], [:]) else { return }
            if try !advance(cursor, first: false) { cursors.remove(at: best) }
        }
    }

    /// Moves a cursor to its run's next record; false at the run's end.
    private func advance(_ cursor: Cursor, first: Bool) throws -> Bool {
        if !first { cursor.index += 1 }
        while cursor.batch == nil || cursor.index >= cursor.batch!.count {
            guard let batch = try cursor.reader.nextBatch() else { return false }
            cursor.batch = batch
            cursor.index = 0
        }
        cursor.keys = fields.map { SortKey($0.path, in: cursor.batch![cursor.index]) }
        return true
    }
}

/// Any byte source, as a concrete type a reader can be generic over.
struct BoxedByteSource: ByteSource {
    var base: any ByteSource

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try base.read(into: buffer)
    }
}
