import CodableParsing

/// Why a paged source stopped before its last page.
public enum PagedSourceError: Error {
    /// A page could not be fetched (an I/O error).
    case loadFailed(PageLoadError)
    /// A page's bytes are not valid records.
    case readFailed(page: PageReference, RecordReadError)
    /// A page is well-formed but not a page as the options describe one: no items array, a next
    /// reference that is not a string, a next page already read (a cycle).
    case invalidPage(
        page: PageReference, message: String, codingPath: String, location: SourceLocation, excerpt: SourceExcerpt)
}

/// What a paged source tells its owner without stopping.
public enum PagedSourceNotice: Sendable, Equatable {
    /// `maxPages` pages were read and the last one names another: reading stopped there.
    case pageLimitReached(pages: Int, next: PageReference)
}
