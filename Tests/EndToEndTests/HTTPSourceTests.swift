import Foundation
import Testing

/// Paged sources over HTTP, through the real binary, against a local server.
@Suite(.enabled(if: PageServer.isAvailable, "python3 is needed for the local page server"))
struct HTTPSourceTests {
    /// `codable convert URL --items items --next next --to jsonl` plus `extra`, timed.
    func convert(_ url: String, _ extra: [String] = []) throws -> (CodableBinary.Result, TimeInterval) {
        let start = Date()
        let result = try CodableBinary.run(
            ["convert", url, "--items", "items", "--next", "next", "--to", "jsonl"] + extra)
        return (result, Date().timeIntervalSince(start))
    }

    func records(_ result: CodableBinary.Result) -> [String] {
        result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func followsRelativeNextURLsInOrder() throws {
        let server = try PageServer()
        let (result, _) = try convert(server.url("/pages/1?last=3&size=2"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result) == (1...3).flatMap { page in (0..<2).map { #"{"page":\#(page),"i":\#($0)}"# } })
        #expect(
            try server.requests() == ["/pages/1?last=3&size=2", "/pages/2?last=3&size=2", "/pages/3?last=3&size=2"])
    }

    @Test func absoluteNextURLsAndHasMorePages() throws {
        let server = try PageServer()
        let (result, _) = try convert(server.url("/absolute/1?last=2"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result).count == 4)
        #expect(try server.requests().count == 2)  // page 2 says hasMorePages: false
    }

    @Test func theFirstInputMayBeAURLWithoutItems() throws {
        let server = try PageServer()
        let result = try CodableBinary.run(["convert", server.url("/pages/1?last=1&size=1"), "--compact"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"items":[{"page":1,"i":0}],"page":1,"next":null}"# + "\n")
    }

    @Test func retries503UntilThePageComes() throws {
        let server = try PageServer()
        let (result, _) = try convert(server.url("/flaky/1?last=2"), ["--retry-delay", "0.05"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result).count == 4)
        #expect(try server.requests().count == 6)  // two 503s, then the page, for each page
    }

    @Test func retriesExhaustedNameTheURLAndTheAttempts() throws {
        let server = try PageServer()
        let url = server.url("/always-503")
        let (result, _) = try convert(url, ["--retry", "2", "--retry-delay", "0.01"])
        #expect(result.status == 3)
        #expect(result.stderr == "\(url): error: cannot read input: HTTP 503 Service Unavailable (3 attempts)\n")
        #expect(try server.requests().count == 3)
    }

    @Test(arguments: ["/limited/1?last=1", "/limited/1?last=1&status=503", "/limited-date/1?last=1"])
    func honoursRetryAfter(path: String) throws {
        let server = try PageServer()
        // --retry-delay 0: only Retry-After (1 s, or an HTTP date 1-2 s ahead) explains a wait.
        let (result, elapsed) = try convert(server.url(path), ["--retry-delay", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result).count == 2)
        #expect(elapsed >= 0.9, "waited only \(elapsed) s")
        #expect(try server.requests().count == 2)
    }

    @Test func aPageThatLeadsBackIsACycle() throws {
        let server = try PageServer()
        let (result, _) = try convert(server.url("/loop/1"))
        #expect(result.status == 1)
        #expect(records(result) == [#"{"page":1}"#, #"{"page":2}"#])
        #expect(
            result.stderr.hasPrefix(
                "\(server.url("/loop/2")):1:34: error: the next page, \(server.url("/loop/1")), was already read: the pages form a cycle\n    at $.next\n"
            ))
        #expect(try server.requests() == ["/loop/1", "/loop/2"])
    }

    @Test(arguments: ["reset", "truncated"])
    func aBrokenTransferIsTriedAgain(route: String) throws {
        let server = try PageServer()
        let (result, _) = try convert(server.url("/\(route)/1?last=3&from=2"), ["--retry-delay", "0.01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        // Every record once, in order: nothing of the broken answer was handed on.
        #expect(records(result) == (1...3).flatMap { page in (0..<2).map { #"{"page":\#(page),"i":\#($0)}"# } })
        #expect(
            try server.requests() == [
                "/\(route)/1?last=3&from=2", "/\(route)/2?last=3&from=2", "/\(route)/2?last=3&from=2",
                "/\(route)/3?last=3&from=2", "/\(route)/3?last=3&from=2",
            ])
    }

    @Test(arguments: [
        ("reset", "the connection was lost"),
        ("truncated", "the connection closed 39 bytes short of the body's Content-Length"),
    ])
    func aTransferBrokenEveryTimeIsAnIOErrorAfterThePagesBeforeIt(route: String, reason: String) throws {
        let server = try PageServer()
        let (result, _) = try convert(
            server.url("/\(route)/1?last=2&from=2&times=9"), ["--retry", "2", "--retry-delay", "0.01"])
        #expect(result.status == 3)
        #expect(records(result) == [#"{"page":1,"i":0}"#, #"{"page":1,"i":1}"#])
        #expect(
            result.stderr
                == "\(server.url("/\(route)/2?last=2&from=2&times=9")): error: cannot read input: \(reason) (3 attempts)\n"
        )
        #expect(try server.requests().count == 4)
    }

    @Test func aBrokenWholeDocumentWritesNothing() throws {
        let server = try PageServer()
        let url = server.url("/truncated/1?last=1&times=9")
        let result = try CodableBinary.run(["convert", url, "--to", "jsonl", "--retry", "0"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "\(url): error: cannot read input: the connection closed 39 bytes short of the body's Content-Length (1 attempt)\n"
        )
    }

    @Test func aMalformedLineOfAJSONLinesURLIsSkipped() throws {
        let server = try PageServer()
        let url = server.url("/lines.jsonl?bad=2")
        let result = try CodableBinary.run(["convert", url, "--to", "jsonl", "--on-error", "skip"])
        #expect(result.status == 1)
        #expect(records(result) == [#"{"i":1}"#, #"{"i":3}"#, #"{"i":4}"#])
        #expect(
            result.stderr.hasPrefix("\(url):2:9: error: unexpected character ',', expected a string key\n"),
            "\(result.stderr)")
        #expect(result.stderr.hasSuffix("codable: error: 1 record skipped (--on-error skip)\n"))
    }

    @Test func aMalformedPageSaysWhyTheSkippingStops() throws {
        let server = try PageServer()
        let url = server.url("/garbled")
        let result = try CodableBinary.run([
            "convert", url, "--items", "items", "--next", "next", "--to", "jsonl", "--on-error", "skip",
        ])
        #expect(result.status == 1)
        // Nothing of a page that is not whole JSON is written, not even the records before the fault.
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasSuffix(
                "codable: note: --on-error skip stops here: inside a page's JSON text (--items) no later place is known to begin a record\n"
            ), "\(result.stderr)")
    }

    @Test func aSlowPageTimesOut() throws {
        let server = try PageServer()
        let (result, elapsed) = try convert(server.url("/slow"), ["--timeout", "1"])
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "\(server.url("/slow")): error: cannot read input: timed out (no data for 1 s) (1 attempt)\n")
        #expect(elapsed < 4.5, "took \(elapsed) s")
    }

    @Test func sendsTheGivenHeaders() throws {
        let server = try PageServer()
        let url = server.url("/headers")
        let (accepted, _) = try convert(url, ["--header", "X-Token: secret", "--header", "Accept-Language:fr"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout == #"{"ok":true}"# + "\n")
        let (refused, _) = try convert(url, ["--header", "X-Token: wrong"])
        #expect(refused.status == 3)
        #expect(refused.stderr == "\(url): error: cannot read input: HTTP 401 Unauthorized (1 attempt)\n")
    }

    @Test func redirectsAreFollowedOnlyToHTTP() throws {
        let server = try PageServer()
        let (followed, _) = try convert(server.url("/redirect-page"))
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(records(followed).count == 4)  // page 2's relative reference resolves against the redirect's target
        let (refused, _) = try convert(server.url("/redirect-file"))
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("will not follow a redirect to file:///etc/passwd"))
        #expect(try server.requests().filter { $0.contains("passwd") }.isEmpty)
    }

    @Test func connectionRefusedIsAnIOError() throws {
        let (result, _) = try convert("http://127.0.0.1:1/pages/1")
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "http://127.0.0.1:1/pages/1: error: cannot read input: cannot connect to 127.0.0.1 (connection refused) (1 attempt)\n"
        )
    }

    @Test func headStopsTheFetching() throws {
        let server = try PageServer()
        // Pages of 10 000 records (about 190 KB as JSON Lines), more than a pipe holds (64 KiB):
        // the first page's output blocks until `head` has read its line and gone, however late
        // a busy machine runs it. A pipe would take dozens of pages of 100 records, so when
        // `head` is slow to exit the walk would go on that far before a write failed.
        let command =
            "'\(CodableBinary.url.path)' convert '\(server.url("/endless/1?size=10000"))' --items items --next next --to jsonl | head -1"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        let start = Date()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == #"{"page":1,"i":0}"# + "\n")
        #expect(Date().timeIntervalSince(start) < 10)
        Thread.sleep(forTimeInterval: 0.3)
        // The page read, and at most the one fetched ahead (and one more in flight when the
        // pipe closed): not an endless walk.
        let fetched = try server.requests().count
        #expect(fetched <= 3, "fetched \(fetched) pages after head went away")
    }

    @Test func aReachedLimitStopsTheFetching() throws {
        let server = try PageServer()
        let (result, elapsed) = try convert(server.url("/endless/1?size=10"), ["--limit", "15"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(records(result).count == 15)
        #expect(elapsed < 10)
        Thread.sleep(forTimeInterval: 0.3)
        let fetched = try server.requests().count
        #expect(fetched <= 3, "fetched \(fetched) pages for 15 records of 10 a page")
    }

    @Test func interruptingAFetchLeavesNothingBehind() throws {
        let server = try PageServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codable-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        let process = Process()
        process.executableURL = CodableBinary.url
        process.arguments = ["convert", server.url("/slow"), "--items", "items", "-o", target.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? server.requests())?.contains("/slow") != true && Date() < deadline { usleep(20_000) }
        let start = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(start) < 2, "SIGINT took \(Date().timeIntervalSince(start)) s")
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty)
    }
}
