import ArgumentParser
import CodableParsing
import CodablePipeline
import Foundation

/// Paginated input: where the records are in each page, how pages link, and how web pages are
/// fetched. Every subcommand that reads records has it, and hands it to its `InputOptions`.
struct PageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Take the records from the array at this path (like items) in each input value.",
            valueName: "path"))
    var items: String?

    @Option(
        help: ArgumentHelp(
            "With --items: read the next page (a file or http(s) URL) named at this path, until there is none.",
            valueName: "path"))
    var next: String?

    @Option(
        help: ArgumentHelp(
            "With --next: a page number or cursor found there goes into this query parameter.",
            valueName: "name"))
    var nextParam: String?

    @Option(
        help: ArgumentHelp(
            "With --items: count pages in this query parameter until one has no records.",
            valueName: "name"))
    var pageParam: String?

    @Option(
        help: ArgumentHelp(
            "With --items: advance this query parameter by each page's records until one is short.",
            valueName: "name"))
    var offsetParam: String?

    @Flag(help: "Follow each web page's 'Link: <URL>; rel=\"next\"' header; without --items a page is an array.")
    var nextLink = false

    @Option(
        help: ArgumentHelp(
            "Read at most this many pages per input, then stop with a note naming the next one.",
            valueName: "n"))
    var maxPages: Int = 10_000

    @Option(
        help: ArgumentHelp(
            "Try a web page again this many times after a 429 or 5xx answer or a broken transfer.",
            valueName: "n"))
    var retry: Int = 3

    @Option(
        help: ArgumentHelp(
            "Seconds before the first retry, doubling each time; a Retry-After header wins.",
            valueName: "seconds"))
    var retryDelay: Double = 1

    @Option(
        help: ArgumentHelp(
            "Give up on a web request when no data arrives for this many seconds.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        help: ArgumentHelp(
            "Wait at most this long for an exhausted rate limit (X-RateLimit-Reset) to reset.",
            valueName: "seconds"))
    var maxWait: Double = 60

    @Option(
        help: ArgumentHelp(
            "Send this header with every web request (repeatable), as 'Name: value'.", valueName: "header"))
    var header: [String] = []

    func validate() throws {
        if let items {
            let path = try Self.parse(items, option: "--items")
            if path.components.contains(.everyElement) {
                throw ValidationError("--items must name one array; '[]' is not allowed in '\(items)'.")
            }
        }
        if let next {
            guard items != nil else {
                throw ValidationError("--next needs --items: the path of the records in each page.")
            }
            _ = try Self.parse(next, option: "--next")
        }
        if let nextParam {
            guard next != nil else {
                throw ValidationError("--next-param needs --next: the path of the page number or cursor.")
            }
            guard !nextParam.isEmpty else { throw ValidationError("--next-param must name a query parameter.") }
        }
        for (option, name) in [("--page-param", pageParam), ("--offset-param", offsetParam)] {
            guard let name else { continue }
            guard items != nil else {
                throw ValidationError("\(option) needs --items: the path of the records in each page.")
            }
            guard !name.isEmpty else { throw ValidationError("\(option) must name a query parameter.") }
            guard nextParam == nil else {
                throw ValidationError("\(option) counts the pages itself; it does not go with --next-param.")
            }
        }
        if pageParam != nil && offsetParam != nil {
            throw ValidationError("--page-param and --offset-param are two ways to count pages: give one.")
        }
        if nextLink && (next != nil || counter != nil || nextParam != nil) {
            throw ValidationError(
                "--next-link finds the next page in the Link header; it does not go with --next or a counter.")
        }
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1.") }
        guard (0...100).contains(retry) else { throw ValidationError("--retry must be between 0 and 100.") }
        guard retryDelay >= 0 && retryDelay.isFinite else {
            throw ValidationError("--retry-delay must be 0 or more seconds.")
        }
        guard maxWait >= 0 && maxWait.isFinite else { throw ValidationError("--max-wait must be 0 or more seconds.") }
        guard timeout > 0 && timeout.isFinite else { throw ValidationError("--timeout must be more than 0 seconds.") }
        _ = try headerFields()
    }

    /// The pagination settings, or nil when `--items` is not given.
    func sourceOptions(readerOptions: @escaping @Sendable (PageReference) -> RecordReaderOptions) -> PagedSourceOptions?
    {
        let itemsPath = items.flatMap { try? FieldPath(parsing: $0) }
        guard itemsPath != nil || nextLink else { return nil }
        return PagedSourceOptions(
            items: itemsPath, next: next.flatMap { try? FieldPath(parsing: $0) }, nextParam: nextParam,
            counter: counter, followsLinkHeader: nextLink,
            maxPages: maxPages, readerOptions: readerOptions)
    }

    /// How codable names the next page itself, if it does.
    var counter: PageCounter? {
        pageParam.map(PageCounter.page) ?? offsetParam.map(PageCounter.offset)
    }

    /// Whether pages lead to more pages (by a reference in them or a counter).
    var followsPages: Bool { next != nil || counter != nil || nextLink }

    /// `--items` as a path of keys, when the records can be read as they come instead of page by
    /// page: one page (no `--next` or counter) whose array is reached by keys alone (no `[N]`).
    var itemsKeyPath: ItemsKeyPath? {
        guard let items, !followsPages, let path = try? FieldPath(parsing: items) else { return nil }
        var keys: [String] = []
        for component in path.components {
            guard case .key(let name) = component else { return nil }
            keys.append(name)
        }
        return keys.isEmpty ? nil : ItemsKeyPath(keys: keys, text: items)
    }

    /// The HTTP settings.
    var httpSettings: HTTPSettings {
        HTTPSettings(
            retries: retry, retryDelay: retryDelay, timeout: timeout, maxWait: maxWait,
            headers: (try? headerFields()) ?? [])
    }

    /// `--header` values split into name and value.
    func headerFields() throws -> [(name: String, value: String)] {
        try header.map { text in
            guard let colon = text.firstIndex(of: ":") else {
                throw ValidationError("--header must be 'Name: value', not '\(text)'.")
            }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let token = CharacterSet(
                charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(token.contains) else {
                throw ValidationError("--header name '\(name)' is not a valid HTTP header name.")
            }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw ValidationError("--header value for '\(name)' must not contain a line break.")
            }
            return (name, value)
        }
    }

    private static func parse(_ text: String, option: String) throws -> FieldPath {
        do {
            return try FieldPath(parsing: text)
        } catch {
            throw ValidationError("\(option) '\(text)': \(error.message) at column \(error.column).")
        }
    }
}
