import CodableParsing
import CodablePipeline

/// The records of one input, whatever it is: a file or standard input read as a stream, a web
/// page fetched first, or (with `--items`) a paged source that follows `--next` references.
struct InputRecords: AsyncSequence {
    typealias Element = RecordBatch

    /// What to read.
    enum Source {
        /// A file or standard input, streamed.
        case stream(RecordStream)
        /// A URL given as an input without `--items`: fetched whole, then read.
        case web(PageReference, HTTPPageLoader, RecordReaderOptions)
        /// Pages: `--items`, perhaps `--next`.
        case paged(PagedRecordStream)
    }

    let source: Source

    /// Iterates the batches; errors are `RecordReadError` or `PagedSourceError`.
    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var state: State

        fileprivate enum State {
            case stream(RecordStream.AsyncIterator)
            case web(PageReference, HTTPPageLoader, RecordReaderOptions)
            case paged(PagedRecordStream.AsyncIterator)
        }

        mutating func next() async throws -> RecordBatch? {
            try await next(isolation: nil)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws -> RecordBatch? {
            switch state {
            case .stream(var iterator):
                defer { state = .stream(iterator) }
                return try await iterator.next(isolation: actor)
            case .paged(var iterator):
                defer { state = .paged(iterator) }
                return try await iterator.next(isolation: actor)
            case .web(let page, let loader, let options):
                let loaded: LoadedPage
                do {
                    loaded = try await loader.load(page)
                } catch {
                    throw PagedSourceError.loadFailed(error)
                }
                var iterator = RecordStream(source: InMemoryByteSource(loaded.bytes), options: options)
                    .makeAsyncIterator()
                defer { state = .stream(iterator) }
                return try await iterator.next(isolation: actor)
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .stream(let stream): return AsyncIterator(state: .stream(stream.makeAsyncIterator()))
        case .web(let page, let loader, let options): return AsyncIterator(state: .web(page, loader, options))
        case .paged(let stream): return AsyncIterator(state: .paged(stream.makeAsyncIterator()))
        }
    }
}

extension InputOptions {
    /// The records of `file`, paged when `--items` is given. Without `arrayElementsAreRecords`,
    /// each JSON text and YAML document is one record, an array too (`validate`'s documents).
    /// `resumesAfterMalformedRecords` (`--on-error skip`, and always for `validate`): a malformed
    /// JSON Lines line, json-seq record or CSV row of a file, stdin or a URL read whole is a
    /// `skippedRecord`, and reading goes on. `reshapingTables`: what reshapes the batches of a
    /// CSV or TSV file or stdin on the threads that scan its rows (see `recordStream`).
    func records(
        from file: InputFile, arrayElementsAreRecords: Bool = true, resumesAfterMalformedRecords: Bool = false,
        reshapingTables: (@Sendable (RecordBatch) -> RecordBatch?)? = nil
    ) throws(CommandFailure) -> InputRecords {
        let page = file.path.map(PageReference.init(input:)) ?? .standardInput
        let from = self.from
        let maxDepth = self.maxDepth
        let maxLength = self.maxLength
        let pageReaderOptions: @Sendable (PageReference) -> RecordReaderOptions = { page in
            RecordReaderOptions(
                framing: from?.framing ?? InputFile(path: page.pathForExtension).framingFromExtension,
                maxDepth: maxDepth, maxTokenLength: maxLength)
        }
        if csvDialect(for: file) != nil && pages.items != nil {
            throw .usage("--items takes records from JSON pages; a CSV or TSV input has none")
        }
        if isYAML(file), let items = pages.items.flatMap({ try? FieldPath(parsing: $0) }), !page.isURL {
            // YAML documents are read whole, one by one; the records are each one's array.
            guard !pages.followsPages else {
                throw .usage(
                    "\(pages.next != nil ? "--next follows" : "--page-param, --offset-param and --next-link follow") JSON pages; a YAML input is one page (use --items alone)"
                )
            }
            return InputRecords(source: .stream(try recordStream(for: file, itemsAt: items)))
        }
        if let items = pages.itemsKeyPath, !page.isURL, [nil, .json].contains(framing(for: file)) {
            // One envelope from a file or stdin: its records are read as they come, in constant
            // memory, however large the envelope.
            var options = readerOptions(for: file)
            options.items = items
            return InputRecords(source: .stream(RecordStream(source: try file.open(), options: options)))
        }
        if let options = pages.sourceOptions(readerOptions: pageReaderOptions) {
            let loader = SourcePageLoader(web: HTTPPageLoader(settings: pages.httpSettings))
            return InputRecords(
                source: .paged(
                    PagedRecordStream(first: page, loader: loader, options: options) { notice in
                        switch notice {
                        case .pageLimitReached(let count, let next):
                            Diagnostics().note(
                                "stopped after \(count) page\(count == 1 ? "" : "s") (--max-pages); the next would have been \(next)"
                            )
                        }
                    }))
        }
        if case .url = page {
            var options = pageReaderOptions(page)
            options.arrayElementsAreRecords = arrayElementsAreRecords
            options.resumesAfterMalformedRecords = resumesAfterMalformedRecords
            return InputRecords(source: .web(page, HTTPPageLoader(settings: pages.httpSettings), options))
        }
        return InputRecords(
            source: .stream(
                try recordStream(
                    for: file, arrayElementsAreRecords: arrayElementsAreRecords,
                    resumesAfterMalformedRecords: resumesAfterMalformedRecords, reshapingTables: reshapingTables)))
    }
}

extension PageReference {
    /// An http(s) URL (read page by page, as fetched), not a file or stdin.
    var isURL: Bool {
        if case .url = self { return true }
        return false
    }

    /// The path whose extension names the page's format, if any: a file's path, a URL's path.
    var pathForExtension: String? {
        switch self {
        case .file(let path): return path
        case .url(let url): return url.path
        case .standardInput: return nil
        }
    }
}

extension PagedSourceError {
    /// The failure this error is reported as.
    var commandFailure: CommandFailure {
        switch self {
        case .loadFailed(let error):
            let attempts = error.attempts.map { " (\($0) attempt\($0 == 1 ? "" : "s"))" } ?? ""
            return .unreadableInput(input: error.page.description, reason: error.reason + attempts)
        case .readFailed(let page, let error):
            return error.failure(reading: page.description)
        case .invalidPage(let page, let message, let codingPath, let location, let excerpt):
            return .invalidValue(
                input: page.description, message: message, codingPath: codingPath, location: location, excerpt: excerpt)
        }
    }
}
