/// Which records of the transformed stream are written: `--offset N --limit N`, or
/// `--page N --page-size N` (1-based pages).
public struct PageWindow: Sendable, Equatable {
    /// Records skipped first.
    public var offset: Int
    /// Records written at most (nil: all the rest).
    public var limit: Int?
    /// Look one record past the window, to know whether more pages follow (`--envelope`).
    public var lookAhead: Bool

    /// Everything.
    public static let all = PageWindow(offset: 0, limit: nil)

    /// A window of `limit` records after `offset`.
    public init(offset: Int, limit: Int?, lookAhead: Bool = false) {
        self.offset = offset
        self.limit = limit
        self.lookAhead = lookAhead
    }

    /// Page `page` (1-based) of `size` records.
    public init(page: Int, size: Int, lookAhead: Bool = false) {
        self.init(offset: (page - 1) * size, limit: size, lookAhead: lookAhead)
    }

    /// The position (0-based, in the transformed stream) after which nothing more is needed.
    var end: Int? {
        limit.map { offset + $0 + (lookAhead ? 1 : 0) }
    }
}

/// What is known about the page written, for an envelope.
public struct PageFacts: Sendable, Equatable {
    /// Records written.
    public var written: Int
    /// At least one record follows the window.
    public var hasMore: Bool
    /// Records in the whole transformed stream, when the input was read to its end.
    public var total: Int?

    /// Creates the facts.
    public init(written: Int, hasMore: Bool, total: Int?) {
        self.written = written
        self.hasMore = hasMore
        self.total = total
    }
}
