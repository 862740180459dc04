import ArgumentParser
import CodablePipeline

/// Which records are written, and how the page is laid out (pages *out*; `PageOptions` reads
/// pages in): shared by `convert` and `decode`.
struct OutputPageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Skip this many records (after the transforms).", valueName: "n"))
    var offset: Int?

    @Option(help: ArgumentHelp("Write at most this many records; reading stops once they are out.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Write page N (1-based) of --page-size records.", valueName: "n"))
    var page: Int?

    @Option(help: ArgumentHelp("Records per page for --page (default 50).", valueName: "n"))
    var pageSize: Int?

    @Flag(
        help:
            "Wrap the page as {\"items\":[...],\"page\":...} with pageSize, hasMorePages and nextPage."
    )
    var envelope = false

    @Option(
        help: ArgumentHelp(
            "Write pages of N records, one file each, in --output-dir, then an index.json.",
            valueName: "n"))
    var split: Int?

    @Option(help: ArgumentHelp("Directory for --split's pages (created if missing).", valueName: "dir"))
    var outputDir: String?

    func validate() throws {
        for (name, value) in [("--offset", offset), ("--limit", limit)] where (value ?? 0) < 0 {
            throw ValidationError("\(name) must be 0 or more.")
        }
        for (name, value) in [("--page", page), ("--page-size", pageSize), ("--split", split)] where (value ?? 1) < 1 {
            throw ValidationError("\(name) must be 1 or more.")
        }
        if page != nil && (offset != nil || limit != nil) {
            throw ValidationError("--page and --page-size cannot be combined with --offset or --limit.")
        }
        if pageSize != nil && page == nil { throw ValidationError("--page-size needs --page.") }
        if (split == nil) != (outputDir == nil) { throw ValidationError("--split and --output-dir go together.") }
        if split != nil && (page != nil || offset != nil || limit != nil) {
            throw ValidationError("--split writes every page; it cannot be combined with --page, --offset or --limit.")
        }
    }

    /// Any paging asked for.
    var isActive: Bool { offset != nil || limit != nil || page != nil || envelope || split != nil }

    /// The window of records written.
    var window: PageWindow {
        if let page { return PageWindow(page: page, size: pageSize ?? 50, lookAhead: envelope) }
        return PageWindow(offset: offset ?? 0, limit: limit, lookAhead: envelope)
    }
}
