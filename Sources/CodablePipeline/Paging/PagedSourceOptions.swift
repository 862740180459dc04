import CodableParsing

/// How to read a paged source: where the records are in each page, and how pages link.
public struct PagedSourceOptions: Sendable {
    /// The path of the array inside each page value whose elements are the records; nil when
    /// each page value is that array.
    public var items: FieldPath?
    /// The path of the next page's reference inside each page value; nil reads one page only.
    public var next: FieldPath?
    /// The query parameter that a next reference other than a URL (a page number, a cursor)
    /// is put into, in the current page's URL; nil makes such a reference an error.
    public var nextParam: String?
    /// How codable names the next page itself, when pages hold no reference to it; `next` is
    /// then the path of a has-more flag, if any.
    public var counter: PageCounter?
    /// The next page is the target of each page's `Link: <…>; rel="next"` header.
    public var followsLinkHeader: Bool
    /// Pages read at most in one chain (the first page counts).
    public var maxPages: Int
    /// Reader settings for a page (its framing may depend on its name).
    public var readerOptions: @Sendable (PageReference) -> RecordReaderOptions

    /// The member names that, when `false` beside the next reference or at the top of a page
    /// value, mean there is no next page.
    public static let hasMoreNames: [String] = ["hasMorePages", "has_more_pages", "hasMore", "has_more"]

    /// Creates options.
    public init(
        items: FieldPath?, next: FieldPath?, nextParam: String? = nil, counter: PageCounter? = nil,
        followsLinkHeader: Bool = false, maxPages: Int,
        readerOptions: @escaping @Sendable (PageReference) -> RecordReaderOptions
    ) {
        self.items = items
        self.next = next
        self.nextParam = nextParam
        self.counter = counter
        self.followsLinkHeader = followsLinkHeader
        self.maxPages = maxPages
        self.readerOptions = readerOptions
    }
}

/// A next page named by a number codable counts, in a query parameter of the page's URL.
public enum PageCounter: Sendable, Equatable {
    /// The parameter holds the page number: the first URL's, or 1, then one more a page, until a
    /// page has no records or its has-more flag says `false`.
    case page(String)
    /// The parameter holds the offset of the page's first record: the first URL's, or 0, then
    /// advanced by the records each page gave, until a page gives none or fewer than the first.
    case offset(String)

    /// The query parameter counted.
    public var parameter: String {
        switch self {
        case .page(let name), .offset(let name): return name
        }
    }

    /// The count when the first URL has no value for the parameter.
    public var start: Int {
        switch self {
        case .page: return 1
        case .offset: return 0
        }
    }
}
