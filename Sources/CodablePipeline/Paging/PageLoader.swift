/// Fetches the bytes of one page of a paged source: a file, or a web page over HTTP.
///
/// Loaders are called from the paged source's prefetch task, so they must be `Sendable`, and
/// they must return promptly, with a `PageLoadError` whose `cancelled` is true, when the task
/// that called them is cancelled.
public protocol PageLoader: Sendable {
    /// The page's whole content, and where it was found in the end.
    func load(_ page: PageReference) async throws(PageLoadError) -> LoadedPage
}

/// The content of a page.
public struct LoadedPage: Sendable {
    /// The page's bytes.
    public var bytes: [UInt8]
    /// Where the bytes came from: the page asked for, or where its redirects led. Relative next
    /// references are resolved against it.
    public var location: PageReference
    /// The target of the page's `Link: <…>; rel="next"` header, as written (web pages only).
    public var nextLink: String?

    /// Creates a loaded page.
    public init(bytes: [UInt8], location: PageReference, nextLink: String? = nil) {
        self.bytes = bytes
        self.location = location
        self.nextLink = nextLink
    }
}

/// Why a page could not be fetched: an I/O problem, not a problem with the data.
public struct PageLoadError: Error, Sendable, Equatable {
    /// The page that could not be fetched.
    public var page: PageReference
    /// What went wrong, as a person reads it ("HTTP 503 Service Unavailable").
    public var reason: String
    /// How many times it was tried (nil when trying again could not help, as for a file).
    public var attempts: Int?
    /// The fetch stopped because its task was cancelled (the consumer went away).
    public var cancelled: Bool

    /// Creates a load error.
    public init(page: PageReference, reason: String, attempts: Int? = nil, cancelled: Bool = false) {
        self.page = page
        self.reason = reason
        self.attempts = attempts
        self.cancelled = cancelled
    }
}
