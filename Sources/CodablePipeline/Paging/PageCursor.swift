import CodableParsing

/// The state of one walk through a paged source: the batches of the current page, the page
/// being fetched ahead, and the pages already read (for cycle detection).
final class PageCursor {
    private let loader: any PageLoader
    private let reader: PageReader
    private let maxPages: Int
    private let notice: @Sendable (PagedSourceNotice) -> Void

    /// The first page, until it is fetched.
    private var first: PageReference?
    /// The page being fetched ahead, and its fetch.
    private var prefetch: (page: PageReference, task: Task<Result<LoadedPage, PageLoadError>, Never>)?
    /// Batches of the current page not handed on yet, in reverse order (popped from the end).
    private var ready: [RecordBatch] = []
    /// An error to throw once `ready` is empty.
    private var pendingError: PagedSourceError?
    private var seen: Set<String> = []
    private var pagesRead = 0
    private var recordsRead = 0
    private var finished = false
    /// With a page counter: its value for the current page (nil before the first page is read).
    private var counterValue: Int?
    /// With a page counter: how many records the first page gave.
    private var firstPageRecords: Int?

    init(
        first: PageReference, loader: any PageLoader, options: PagedSourceOptions,
        notice: @escaping @Sendable (PagedSourceNotice) -> Void
    ) {
        self.first = first
        self.loader = loader
        self.reader = PageReader(options: options)
        self.maxPages = max(1, options.maxPages)
        self.notice = notice
    }

    deinit {
        prefetch?.task.cancel()
    }

    /// The next batch, or nil after the last page (or when the consuming task is cancelled).
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws(PagedSourceError) -> RecordBatch? {
        while true {
            if Task.isCancelled {
                stop()
                return nil
            }
            if let batch = ready.popLast() { return batch }
            if let error = pendingError {
                pendingError = nil
                stop()
                throw error
            }
            if finished { return nil }
            guard let (asked, loaded) = try await fetchNextPage() else {
                finished = true
                return nil
            }
            if Task.isCancelled {
                stop()
                return nil
            }
            pagesRead += 1
            let page = loaded.location
            seen.insert(asked.identity)
            seen.insert(page.identity)
            let contents = reader.read(loaded.bytes, of: page, firstRecordIndex: recordsRead)
            recordsRead += contents.recordCount
            ready = contents.batches.reversed()
            if let error = contents.error {
                pendingError = error
            } else if reader.options.followsLinkHeader {
                if let link = loaded.nextLink { follow(link, from: page) }
            } else if let counter = reader.options.counter {
                count(counter, from: page, records: contents.recordCount, noMore: contents.noMore)
            } else if let next = contents.next {
                startFetching(next, from: page)
            }
        }
    }

    /// Fetches the first page, or waits for the one being fetched ahead.
    private func fetchNextPage(isolation actor: isolated (any Actor)? = #isolation) async throws(PagedSourceError) -> (
        PageReference, LoadedPage
    )? {
        if let page = first {
            first = nil
            switch await loader.result(of: page) {
            case .success(let loaded): return (page, loaded)
            case .failure(let error): throw .loadFailed(error)
            }
        }
        guard let (page, task) = prefetch else { return nil }
        prefetch = nil
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        switch result {
        case .success(let loaded): return (page, loaded)
        case .failure(let error):
            if error.cancelled { return nil }
            throw .loadFailed(error)
        }
    }

    /// Checks the next reference and starts fetching the page it names.
    private func startFetching(_ next: PageReader.NextReference, from page: PageReference) {
        let target: PageReference
        do throws(PageReferenceError) {
            if let name = reader.options.nextParam, next.isNumber || !PageReference.hasWebScheme(next.text) {
                target = try page.settingQueryParameter(name, to: next.text)
            } else {
                target = try page.resolving(next.text)
            }
        } catch {
            pendingError = reader.invalid(
                page, next.batch, record: next.recordIndex, node: next.node,
                "cannot follow the next page reference '\(error.reference)': \(error.reason)")
            return
        }
        if seen.contains(target.identity) {
            pendingError = reader.invalid(
                page, next.batch, record: next.recordIndex, node: next.node,
                "the next page, \(target), was already read: the pages form a cycle")
            return
        }
        fetch(target)
    }

    /// Names the next page by the counter, after `page` gave `records` records, and starts
    /// fetching it; nothing when the page says it is the last (an offset's page is the last
    /// when it gives fewer records than the first did). Counted pages cannot repeat: the count
    /// only grows.
    private func count(_ counter: PageCounter, from page: PageReference, records: Int, noMore: Bool) {
        do throws(PageReferenceError) {
            var current = counterValue ?? counter.start
            if counterValue == nil, let first = try page.queryInteger(counter.parameter) { current = first }
            if firstPageRecords == nil { firstPageRecords = records }
            guard records > 0, !noMore else { return }
            let next: Int
            switch counter {
            case .page: next = current + 1
            case .offset:
                guard records >= firstPageRecords ?? 0 else { return }
                next = current + records
            }
            counterValue = next
            fetch(try page.settingQueryParameter(counter.parameter, to: String(next)))
        } catch {
            pendingError = .invalidPage(
                page: page, message: "cannot count pages in '\(counter.parameter)': \(error.reason)", codingPath: "$",
                location: .start, excerpt: .empty)
        }
    }

    /// Follows the target of `page`'s `Link` header, relative to the page's URL.
    private func follow(_ link: String, from page: PageReference) {
        let problem = { (message: String) -> PagedSourceError in
            .invalidPage(page: page, message: message, codingPath: "$", location: .start, excerpt: .empty)
        }
        let target: PageReference
        do throws(PageReferenceError) {
            target = try page.resolving(link)
        } catch {
            pendingError = problem("cannot follow the Link header's next page '\(link)': \(error.reason)")
            return
        }
        if seen.contains(target.identity) {
            pendingError = problem("the Link header's next page, \(target), was already read: the pages form a cycle")
            return
        }
        fetch(target)
    }

    /// Starts fetching `target`, unless `maxPages` pages were read.
    private func fetch(_ target: PageReference) {
        guard pagesRead < maxPages else {
            notice(.pageLimitReached(pages: pagesRead, next: target))
            return
        }
        let loader = self.loader
        prefetch = (target, Task { await loader.result(of: target) })
    }

    /// Ends the walk: cancels any fetch in flight and drops what is left.
    private func stop() {
        prefetch?.task.cancel()
        prefetch = nil
        ready = []
        finished = true
    }
}

extension PageLoader {
    /// `load` as a `Result`, so a task can hold it.
    func result(of page: PageReference) async -> Result<LoadedPage, PageLoadError> {
        do throws(PageLoadError) {
            return .success(try await load(page))
        } catch {
            return .failure(error)
        }
    }
}
