import Foundation
import Testing

/// Pagination styles other than a next URL (page numbers, cursors, offsets, `Link` headers,
/// rate limits), through the real binary, against a local server.
@Suite(.enabled(if: PageServer.isAvailable, "python3 is needed for the local page server"))
struct HTTPPaginationTests {
    func run(_ url: String, _ options: [String]) throws -> CodableBinary.Result {
        try CodableBinary.run(["convert", url, "--to", "jsonl"] + options)
    }

    func records(_ result: CodableBinary.Result) -> [String] {
        result.stdout.split(separator: "\n").map(String.init)
    }

    func expected(pages: ClosedRange<Int>, size: Int = 2) -> [String] {
        pages.flatMap { page in (0..<size).map { #"{"page":\#(page),"i":\#($0)}"# } }
    }

    @Test func aPageNumberGoesIntoTheNamedParameter() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/numbered?size=2&page=1&last=3"),
            ["--items", "items", "--next", "nextPage", "--next-param", "page"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...3))
        // The parameter is replaced where it was, the rest kept; hasMorePages: false ends it.
        #expect(
            try server.requests() == [
                "/numbered?size=2&page=1&last=3", "/numbered?size=2&page=2&last=3", "/numbered?size=2&page=3&last=3",
            ])
    }

    @Test func aCursorIsPercentEncodedIntoAnAddedParameter() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/cursor?last=3"), ["--items", "data", "--next", "meta.next_cursor", "--next-param", "cursor"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...3))
        #expect(
            try server.requests() == [
                "/cursor?last=3", "/cursor?last=3&cursor=dXNlcjoyfn4%2B", "/cursor?last=3&cursor=dXNlcjozfn4%2B",
            ])
    }

    @Test func aPageNumberWithoutNextParamIsAnError() throws {
        let server = try PageServer()
        let url = server.url("/numbered?page=1")
        let result = try run(url, ["--items", "items", "--next", "nextPage"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: the next page reference 'nextPage' is a number; expected a file path or URL string, or null (--next)"
            ), "\(result.stderr)")
    }

    @Test func aRepeatedCursorIsACycle() throws {
        let server = try PageServer()
        // Page 1's first record says page 1: the page names itself.
        let result = try run(
            server.url("/numbered?page=1&last=9"),
            ["--items", "items", "--next", "items[0].page", "--next-param", "page", "--max-pages", "5"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("was already read: the pages form a cycle"), "\(result.stderr)")
        #expect(try server.requests() == ["/numbered?page=1&last=9"])
    }

    @Test func nextParamNeedsNext() throws {
        let result = try CodableBinary.run(["convert", "x.json", "--items", "items", "--next-param", "page"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--next-param needs --next"), "\(result.stderr)")
    }

    @Test func pageNumbersAreCountedUntilAnEmptyPage() throws {
        let server = try PageServer()
        let result = try run(server.url("/counted?last=3&size=2"), ["--items", "items", "--page-param", "page"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...3))
        #expect(
            try server.requests() == [
                "/counted?last=3&size=2", "/counted?last=3&size=2&page=2", "/counted?last=3&size=2&page=3",
                "/counted?last=3&size=2&page=4",
            ])
    }

    @Test func countingStartsAtTheFirstURLsPage() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/counted?page=2&last=3"), ["--items", "items", "--page-param", "page", "--max-pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 2...2))
        #expect(
            result.stderr
                == "codable: note: stopped after 1 page (--max-pages); the next would have been \(server.url("/counted?page=3&last=3"))\n"
        )
    }

    @Test func aHasMoreFlagEndsCountedPages() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/numbered?page=1&last=2"),
            ["--items", "items", "--next", "hasMorePages", "--page-param", "page"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...2))
        #expect(try server.requests() == ["/numbered?page=1&last=2", "/numbered?page=2&last=2"])
        let wrong = try run(
            server.url("/numbered?page=1&last=2"), ["--items", "items", "--next", "nextPage", "--page-param", "page"])
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains("error: the has-more flag 'nextPage' is a number; expected true or false (--next)"),
            "\(wrong.stderr)")
    }

    @Test func anOffsetAdvancesByTheRecordsUntilAShortPage() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/offset?limit=2&total=5"), ["--items", "results", "--offset-param", "offset"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == (0..<5).map { #"{"n":\#($0)}"# })
        // The third page gives 1 record of 2: the last; no fourth request.
        #expect(
            try server.requests() == [
                "/offset?limit=2&total=5", "/offset?limit=2&total=5&offset=2", "/offset?limit=2&total=5&offset=4",
            ])
    }

    @Test func anOffsetStopsAtAnEmptyPageAndStartsFromTheFirstURL() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/offset?offset=1&limit=2&total=5"), ["--items", "results", "--offset-param", "offset"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == (1..<5).map { #"{"n":\#($0)}"# })
        #expect(
            try server.requests() == [
                "/offset?offset=1&limit=2&total=5", "/offset?offset=3&limit=2&total=5",
                "/offset?offset=5&limit=2&total=5",
            ])
    }

    @Test func countersExcludeEachOther() throws {
        let result = try CodableBinary.run([
            "convert", "x.json", "--items", "items", "--page-param", "page", "--offset-param", "offset",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--page-param and --offset-param are two ways"), "\(result.stderr)")
    }

    @Test func theLinkHeaderLeadsThroughBareArrays() throws {
        let server = try PageServer()
        let result = try run(server.url("/linked?page=1&last=3"), ["--next-link"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...3))
        #expect(
            try server.requests() == ["/linked?page=1&last=3", "/linked?page=2&last=3", "/linked?page=3&last=3"])
    }

    @Test func theLinkHeaderWithItemsAndAPageLimit() throws {
        let server = try PageServer()
        let result = try run(
            server.url("/linked?page=1&last=3&wrap=1"), ["--items", "items", "--next-link", "--max-pages", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...2))
        #expect(
            result.stderr
                == "codable: note: stopped after 2 pages (--max-pages); the next would have been \(server.url("/linked?page=3&last=3&wrap=1"))\n"
        )
    }

    @Test func aLinkBackToAPageReadIsACycle() throws {
        let server = try PageServer()
        let result = try run(server.url("/linked?page=1&last=3&loop=1"), ["--next-link"])
        #expect(result.status == 1)
        #expect(records(result) == expected(pages: 1...1))
        #expect(result.stderr.contains("was already read: the pages form a cycle"), "\(result.stderr)")
        #expect(try server.requests() == ["/linked?page=1&last=3&loop=1"])
    }

    @Test func aPageThatIsNotAnArrayIsAnError() throws {
        let server = try PageServer()
        let result = try run(server.url("/linked?page=1&last=1&wrap=1"), ["--next-link"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the page is an object, not an array of records"), "\(result.stderr)")
    }

    @Test(arguments: ["/ratelimited/1?last=2&reset=1", "/ratelimited/1?last=2&reset=2&epoch=1"])
    func anExhaustedRateLimitIsWaitedOut(path: String) throws {
        let server = try PageServer()
        let start = Date()
        let result = try run(server.url(path), ["--items", "items", "--next", "next"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == expected(pages: 1...2))
        // Epoch seconds are whole: a reset 2 s ahead is 1 to 2 s away.
        #expect(elapsed >= 0.9, "waited only \(elapsed) s")
        #expect(try server.requests().count == 2)
    }

    @Test func aRateLimitResetPastMaxWaitIsAnIOError() throws {
        let server = try PageServer()
        let start = Date()
        let result = try run(
            server.url("/ratelimited/1?last=2&reset=120"), ["--items", "items", "--next", "next", "--max-wait", "5"])
        #expect(result.status == 3)
        #expect(records(result) == expected(pages: 1...1))
        #expect(
            result.stderr
                == "\(server.url("/ratelimited/2?last=2&reset=120")): error: cannot read input: the rate limit resets in 120 s (X-RateLimit-Reset), more than --max-wait 5 s\n"
        )
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(try server.requests() == ["/ratelimited/1?last=2&reset=120"])
    }
}
