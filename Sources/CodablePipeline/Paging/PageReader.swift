import CodableParsing

/// Turns the bytes of one page into batches of records (the elements of each page value's
/// items array) and finds the reference to the next page.
struct PageReader {
    let options: PagedSourceOptions

    /// What one page holds.
    struct Contents {
        /// The records, one batch per page value, in order.
        var batches: [RecordBatch] = []
        /// Records in `batches`.
        var recordCount = 0
        /// The next page's reference, as written, and where: from the page's last value.
        var next: NextReference?
        /// With a page counter: the page's last value says there are no more pages.
        var noMore = false
        /// A problem found after the batches before it (those still go out first).
        var error: PagedSourceError?
    }

    /// A next reference and the node that holds it.
    struct NextReference {
        let text: String
        /// The value is a JSON number (a page number), not a string.
        var isNumber = false
        let batch: RecordBatch
        let node: Int
        let recordIndex: Int
    }

    /// Reads `bytes`, the content of `page`; its first record is number `firstRecordIndex` of
    /// the chain.
    ///
    /// A page of no known format that starts with `{` is read as one JSON text first (so paths
    /// read `$.items[0]`, not `$[0].items[0]`), and as a stream of values when that fails.
    func read(_ bytes: [UInt8], of page: PageReference, firstRecordIndex: Int) -> Contents {
        var readerOptions = options.readerOptions(page)
        readerOptions.chunkSize = max(bytes.count, 16)
        if options.items == nil { readerOptions.arrayElementsAreRecords = false }
        if readerOptions.framing == nil && bytes.first(where: { !Self.isWhitespace($0) }) == UInt8(ascii: "{") {
            var single = readerOptions
            single.framing = .json
            let contents = read(bytes, of: page, firstRecordIndex: firstRecordIndex, options: single)
            if case .readFailed? = contents.error {} else { return contents }
        }
        return read(bytes, of: page, firstRecordIndex: firstRecordIndex, options: readerOptions)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    private func read(
        _ bytes: [UInt8], of page: PageReference, firstRecordIndex: Int, options readerOptions: RecordReaderOptions
    ) -> Contents {
        let reader = RecordReader(source: InMemoryByteSource(bytes), options: readerOptions)
        var contents = Contents()
        var values = 0
        do {
            while let batch = try reader.nextBatch() {
                values += batch.count
                for index in 0..<batch.count {
                    let items = try itemsArray(in: batch, record: index, of: page)
                    let records = batch.elements(
                        ofArray: items, inRecord: index,
                        firstRecordIndex: firstRecordIndex + contents.recordCount, sourceName: page.description)
                    contents.recordCount += records.count
                    if records.count > 0 { contents.batches.append(records) }
                    if options.counter != nil {
                        contents.noMore = try saysNoMore(in: batch, record: index, of: page)
                    } else {
                        contents.next = try nextReference(in: batch, record: index, of: page)
                    }
                }
            }
            if values == 0 {
                throw PagedSourceError.invalidPage(
                    page: page,
                    message: ItemsMessage.noValue(path: options.items.map { "\($0)" } ?? "$") + Self.itemsOption,
                    codingPath: "$", location: .start, excerpt: .empty)
            }
        } catch let error as RecordReadError {
            contents.error = .readFailed(page: page, error)
        } catch let error as PagedSourceError {
            contents.error = error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return contents
    }

    /// The node of the items array of record `index`.
    private func itemsArray(in batch: RecordBatch, record index: Int, of page: PageReference) throws(PagedSourceError)
        -> Int
    {
        guard let items = options.items else {
            let root = batch[index].root
            let kind = batch.nodes[root].kind
            guard kind == .array else {
                throw invalid(
                    page, batch, record: index, node: root, "the page is \(kind.phrase), not an array of records")
            }
            return root
        }
        switch items.itemsArray(in: batch, record: index) {
        case .success(let node): return node
        case .failure(let problem):
            throw invalid(page, batch, record: index, node: problem.node, problem.message + Self.itemsOption)
        }
    }

    /// Record `index`'s next reference: nil when there is none, when it is null, or when a
    /// has-more flag says false.
    private func nextReference(in batch: RecordBatch, record index: Int, of page: PageReference)
        throws(PagedSourceError) -> NextReference?
    {
        guard let path = options.next else { return nil }
        let record = batch[index]
        if hasMoreIsFalse(in: record.root, of: batch) { return nil }
        guard let node = path.matches(in: record).first else { return nil }
        if let parent = path.parent, let holder = parent.matches(in: record).first,
            hasMoreIsFalse(in: holder, of: batch)
        {
            return nil
        }
        let value = batch.nodes[node]
        switch value.kind {
        case .null:
            return nil
        case .string:
            let text = batch.bytes.withUnsafeBufferPointer { value.stringValue(in: $0.baseAddress!) }
            return NextReference(text: text, batch: batch, node: node, recordIndex: index)
        case .number where options.nextParam != nil:
            let text = batch.bytes.withUnsafeBufferPointer {
                String(decoding: value.token(in: $0.baseAddress!), as: UTF8.self)
            }
            return NextReference(text: text, isNumber: true, batch: batch, node: node, recordIndex: index)
        default:
            throw invalid(
                page, batch, record: index, node: node,
                "the next page reference '\(path)' is \(value.kind.phrase); expected \(options.nextParam == nil ? "a file path or URL string" : "a string or number"), or null (--next)"
            )
        }
    }

    /// With a page counter: whether record `index` says there are no more pages, by its flag at
    /// `next` (`false` or `null`), or else by a has-more member `false` at its top.
    private func saysNoMore(in batch: RecordBatch, record index: Int, of page: PageReference)
        throws(PagedSourceError) -> Bool
    {
        let record = batch[index]
        guard let path = options.next else { return hasMoreIsFalse(in: record.root, of: batch) }
        guard let node = path.matches(in: record).first else { return false }
        switch batch.nodes[node].kind {
        case .true: return false
        case .false, .null: return true
        default:
            throw invalid(
                page, batch, record: index, node: node,
                "the has-more flag '\(path)' is \(batch.nodes[node].kind.phrase); expected true or false (--next)")
        }
    }

    /// Whether the object at `node` has a has-more member that is `false`.
    private func hasMoreIsFalse(in node: Int, of batch: RecordBatch) -> Bool {
        let object = batch.nodes[node]
        guard object.kind == .object else { return false }
        return batch.bytes.withUnsafeBufferPointer { bytes in
            for key in batch.nodes.children(of: node)
            where batch.nodes[key + 1].kind == .false
                && PagedSourceOptions.hasMoreNames.contains(batch.nodes[key].stringValue(in: bytes.baseAddress!))
            {
                return true
            }
            return false
        }
    }

    /// Follows a message saying a page holds no array of records where the items path points.
    static let itemsOption = " (--items)"

    /// A located problem with a page value.
    func invalid(_ page: PageReference, _ batch: RecordBatch, record index: Int, node: Int, _ message: String)
        -> PagedSourceError
    {
        .invalidPage(
            page: page, message: message, codingPath: batch.codingPath(ofNode: node, inRecord: index),
            location: batch.location(ofNode: node), excerpt: batch.excerpt(ofNode: node))
    }
}

extension FieldPath {
    /// The path without its last step (nil for a one-step path).
    var parent: FieldPath? {
        guard components.count > 1 else { return nil }
        let parentText = FieldPath.text(of: components.dropLast())
        return try? FieldPath(parsing: parentText)
    }

    /// The text of a run of components, as `description` writes it.
    static func text(of components: ArraySlice<Component>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .everyElement: text += "[]"
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
