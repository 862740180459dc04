import CodableParsing

/// What reading a whole input gave: every record as compact JSON, where each of its values is in
/// the input, the error that stopped the reading, and (when a formatter was given and no error
/// came) the records written back out.
struct ReadOutcome: Equatable, CustomStringConvertible {
    var records: [String] = []
    /// For each record, every node's `line:col`, whichever way the input was cut into batches.
    var locations: [String] = []
    /// The input offset of every node of every record, in order.
    var nodeOffsets: [Int] = []
    /// For each of those nodes, the first byte of its value when it is a string that is not
    /// empty; nil for any other node.
    var stringStarts: [UInt8?] = []
    /// For each of those nodes, the first byte of its token as the batch holds it (`{` or `[`
    /// for a container): for JSON, the input's byte at its offset.
    var tokenStarts: [UInt8] = []
    var error: String?
    var written: [UInt8] = []

    var description: String { "\(records.count) records \(records.prefix(3)), error: \(error ?? "none")" }

    /// Reads every batch of `reader`; each record also goes to `formatter`, if any. Without
    /// `locating`, only the records, the error and what was written are kept (a read-back
    /// compares no places, and locating costs most of a read).
    init(
        reading reader: any RecordBatchReader, writingTo formatter: (any RecordFormatter)? = nil, locating: Bool = true
    ) {
        do {
            while let batch = try reader.nextBatch() {
                append(batch, writingTo: formatter, locating: locating)
            }
            if let formatter {
                formatter.finish()
                written = Array(formatter.output.text.utf8)
            }
        } catch {
            stop(error)
        }
    }

    /// Nothing read yet.
    init() {}

    /// Adds the batch's records (and writes them to `formatter`, if any), and, when `locating`,
    /// where each of their nodes is.
    mutating func append(_ batch: RecordBatch, writingTo formatter: (any RecordFormatter)? = nil, locating: Bool = true)
    {
        if batch.keysAreDistinct { Self.requireFlatWithDistinctKeys(batch) }
        var json = JSONWriter()
        for index in 0..<batch.count {
            let out = OutputBuffer(capacity: 256)
            json.write(batch[index], to: out)
            records.append(out.text)
            formatter?.write(batch[index], replacements: [:])
        }
        guard locating else { return }
        let located = Self.locations(in: batch)
        locations += located.places
        nodeOffsets += located.offsets
        stringStarts += located.stringStarts
        tokenStarts += located.tokenStarts
    }

    /// What a reader's batch that says its keys are distinct (`RecordBatch.keysAreDistinct`: a
    /// CSV file with a header, the only reader that says so) promises the CSV writer and the
    /// decoder: every record is an object of scalars, no two of its keys equal.
    static func requireFlatWithDistinctKeys(_ batch: RecordBatch) {
        let nodes = batch.nodes
        batch.bytes.withUnsafeBufferPointer { buffer in
            let bytes = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            for index in 0..<batch.count {
                let root = Int(batch.roots[index])
                require(nodes[root].kind == .object, "record \(index) of a batch of distinct keys is not an object")
                var keys = Set<[UInt8]>()
                var member = root + 1
                let end = root + nodes[root].span
                while member < end {
                    let value = member + 1
                    require(
                        nodes[value].kind != .object && nodes[value].kind != .array,
                        "record \(index) of a batch of distinct keys is not flat")
                    let key = nodes[member].withStringBytes(in: bytes) { Array($0) }
                    require(
                        keys.insert(key).inserted,
                        "record \(index) of a batch of distinct keys repeats \(String(decoding: key, as: UTF8.self))")
                    member = value + nodes[value].span
                }
            }
        }
    }

    /// Each record's nodes located: all of a batch's nodes together (as `validate` locates its
    /// problems), one after another in input order through a cursor (as `decode --on-error skip`
    /// does), in pages through a `PlaceCursor`, some with their coding paths (as `validate`
    /// places one record's problems past memory), and some of them each alone (with their
    /// excerpts), which must all agree.
    static func locations(in batch: RecordBatch) -> (
        places: [String], offsets: [Int], stringStarts: [UInt8?], tokenStarts: [UInt8]
    ) {
        let nodeCount = batch.nodes.count
        let all = Array(0..<nodeCount)
        let together = batch.locations(ofNodes: all)
        var stepping = BatchLocationCursor(batch)
        for node in all {
            let stepped = stepping.location(ofNode: node)
            require(stepped == together[node], "node \(node): through a cursor \(stepped), together \(together[node])")
        }
        // In pages through one cursor, as a checking task places a record's problems past
        // memory and keeps the cursor from record to record: every node located, and the first
        // nodes of three records given coding paths (every node's path, made twice, would be a
        // large share of a YAML run).
        let pageSize = 1 + nodeCount / 3 + nodeCount % 5
        var cursor = PlaceCursor()
        for record in 0..<batch.count {
            let root = Int(batch.roots[record])
            let nodes = Array(root..<(root + batch.nodes[root].span))
            for start in stride(from: 0, to: nodes.count, by: pageSize) {
                let page = Array(nodes[start..<min(start + pageSize, nodes.count)])
                for (offset, location) in batch.locations(ofNodes: page, continuing: &cursor).enumerated() {
                    require(
                        location == together[page[offset]],
                        "node \(page[offset]): in pages \(location), together \(together[page[offset]])")
                }
            }
        }
        for record in Set([0, batch.count / 2, batch.count - 1]).sorted() where record >= 0 && record < batch.count {
            let root = Int(batch.roots[record])
            let nodes = Array(root..<(root + min(batch.nodes[root].span, 48)))
            let paths = batch.codingPaths(ofNodes: nodes, inRecord: record)
            var walk = PlaceCursor()
            for start in stride(from: 0, to: nodes.count, by: 1 + nodeCount % 7) {
                let page = Array(nodes[start..<min(start + 1 + nodeCount % 7, nodes.count)])
                for (offset, path) in batch.codingPaths(ofNodes: page, inRecord: record, continuing: &walk).enumerated()
                {
                    require(
                        path == paths[start + offset],
                        "node \(page[offset]): path in pages \(path), at once \(paths[start + offset])")
                }
            }
        }
        // Each alone counts from the buffer's start, and an excerpt builds strings: the first,
        // the last and two between, not all of them (excerpts of all would be much of a CSV run).
        // What an excerpt shows around its line's part in the batch may differ with how the
        // input was cut into batches; that it has its caret inside it may not.
        let sampled = Set(stride(from: 0, to: nodeCount, by: max(1, nodeCount / 3))).union(
            nodeCount > 0 ? [nodeCount - 1] : [])
        for node in sampled.sorted() {
            let alone = batch.location(ofNode: node)
            require(alone == together[node], "node \(node): alone \(alone), together \(together[node])")
            let excerpt = batch.excerpt(ofNode: node)
            require(
                excerpt.caretColumn >= 0 && excerpt.caretColumn <= excerpt.text.count,
                "node \(node): caret at \(excerpt.caretColumn) of \(excerpt.text.debugDescription)")
        }
        var places: [String] = []
        var offsets: [Int] = []
        var stringStarts: [UInt8?] = []
        var tokenStarts: [UInt8] = []
        for index in 0..<batch.count {
            let root = Int(batch.roots[index])
            let node = batch.nodes[root]
            let end = node.kind == .array || node.kind == .object ? root + 1 + node.size : root + 1
            let record = root..<min(end, nodeCount)
            places.append(record.map { "\(together[$0].line):\(together[$0].column)" }.joined(separator: " "))
            offsets += record.map { together[$0].offset }
            batch.bytes.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                for index in record {
                    let node = batch.nodes[index]
                    stringStarts.append(node.kind == .string ? node.stringBytes(in: base).first : nil)
                    switch node.kind {
                    case .array: tokenStarts.append(UInt8(ascii: "["))
                    case .object: tokenStarts.append(UInt8(ascii: "{"))
                    default: tokenStarts.append(node.token(in: base).first ?? 0)
                    }
                }
            }
        }
        return (places, offsets, stringStarts, tokenStarts)
    }

    /// Records the error that stopped the reading.
    mutating func stop(_ error: RecordReadError) {
        switch error {
        case .malformed(let reason, let location, _), .skippedRecord(let reason, let location, _):
            self.error = "\(location): \(reason)"
        case .unreadable(let underlying): self.error = "unreadable: \(underlying)"
        case .invalidEnvelope(let message, let codingPath, let location, _):
            self.error = "\(location): \(message) at \(codingPath)"
        }
    }
}
