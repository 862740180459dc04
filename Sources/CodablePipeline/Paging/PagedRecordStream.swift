import CodableParsing

/// The records of a paged source as an asynchronous sequence of batches: the items of the first
/// page, then of the page it names, and so on, in order.
///
/// Each page is read whole, its records handed on one batch per page value (their bytes are
/// shared with the page, so locations point into it, and each batch's `sourceName` names the
/// page). As soon as a page is read, the next page it names is fetched in the background while
/// the consumer works through the current one: one page ahead, never more.
///
/// Lifecycle: the prefetch is a child task owned by the iterator. It is cancelled when the
/// consumer's task is cancelled, when an error ends the sequence, and when the iterator goes
/// away (a consumer that stops iterating); loaders stop their request when cancelled. A page
/// that names one already read in this chain is an error (a cycle), not an endless loop; after
/// `maxPages` pages reading stops and `notice` is told.
public struct PagedRecordStream: AsyncSequence {
    public typealias Element = RecordBatch
    public typealias Failure = PagedSourceError

    private let first: PageReference
    private let loader: any PageLoader
    private let options: PagedSourceOptions
    private let notice: @Sendable (PagedSourceNotice) -> Void

    /// A stream over the pages starting at `first`.
    public init(
        first: PageReference, loader: any PageLoader, options: PagedSourceOptions,
        notice: @escaping @Sendable (PagedSourceNotice) -> Void = { _ in }
    ) {
        self.first = first
        self.loader = loader
        self.options = options
        self.notice = notice
    }

    /// Iterates the batches.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: PageCursor

        public mutating func next() async throws(PagedSourceError) -> RecordBatch? {
            try await cursor.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(PagedSourceError) -> RecordBatch?
        {
            try await cursor.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: PageCursor(first: first, loader: loader, options: options, notice: notice))
    }
}
