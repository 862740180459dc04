import Foundation
import Testing

/// `--schema URL` and `$ref`s to `http(s)` schemas no local file provides: fetched as paged
/// input is (retries, redirects, the timeout), cached on disk, `--offline` and `--no-cache`;
/// every fault is an error naming the URL, status 3.
@Suite(.enabled(if: PageServer.isAvailable, "python3 is needed for the local page server"))
struct SchemaFetchTests {
    /// `validate` of `record` on standard input against `schema`, with its own cache folder.
    private func validate(
        _ schema: String, _ record: String = #"{"name": 3, "address": {"zip": 1}}"#, cache: URL, _ extra: [String] = []
    ) throws -> CodableBinary.Result {
        try CodableBinary.run(
            ["validate", "--schema", schema, "--from", "json"] + extra, stdin: Data(record.utf8),
            environment: ["XDG_CACHE_HOME": cache.path])
    }

    @Test func aSchemaAndItsRefsAreFetchedOnceThenCached() throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let first = try validate(server.url("/schemas/person.json"), cache: cache)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.contains("<stdin>:1:10: error: expected string, found number 3"))
        #expect(first.stdout.contains("at $.address.zip (schema /properties/address/$ref/properties/zip/type)"))
        let second = try validate(server.url("/schemas/person.json"), cache: cache)
        #expect(second.status == 1 && second.stdout == first.stdout)
        #expect(
            try server.requests() == ["/schemas/person.json", "/schemas/address.json"], "the second run fetched nothing"
        )

        let offline = try validate(server.url("/schemas/person.json"), cache: cache, ["--offline"])
        #expect(offline.status == 1 && offline.stdout == first.stdout)
        _ = try validate(server.url("/schemas/person.json"), cache: cache, ["--no-cache"])
        #expect(try server.requests().count == 4, "--no-cache fetched both again")
    }

    /// `--check-schema` checks a fetched schema and the schemas its `$ref`s fetch too.
    @Test func checkSchemaFetchesWhatItChecks() throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let good = try validate(server.url("/schemas/person.json"), cache: cache, ["--check-schema"])
        #expect(good.status == 0, "no file is named: only the schema is checked: \(good.stderr)")
        #expect(
            good.stderr.hasPrefix(
                "\(server.url("/schemas/person.json")), \(server.url("/schemas/address.json")): valid against their metaschemas\n"
            ), "\(good.stderr)")
        let typo = try validate(server.url("/schemas/typo.json"), cache: cache, ["--check-schema"])
        #expect(typo.status == 2)
        #expect(
            typo.stderr.hasPrefix(
                #"\#(server.url("/schemas/typo.json")):1:10: error: string "objekt" matches none of the 2 alternatives in "anyOf""#
            ), "\(typo.stderr)")
    }

    @Test func aCorruptCacheEntryIsFetchedAgain() throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        _ = try validate(server.url("/schemas/person.json"), cache: cache)
        let folder = cache.appendingPathComponent("codable/schemas")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            try String(text.dropLast(7)).write(to: file, atomically: true, encoding: .utf8)  // cut short
        }
        let again = try validate(server.url("/schemas/person.json"), cache: cache)
        #expect(again.status == 1, "\(again.stderr)")
        #expect(try server.requests().count == 4)
    }

    @Test func offlineWithoutTheSchemaCachedSaysSo() throws {
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try validate("https://example.invalid/schema.json", cache: cache, ["--offline"])
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "https://example.invalid/schema.json: error: cannot fetch schema: not in the schema cache"))
    }

    @Test(arguments: [
        ("/missing", "HTTP 404 Not Found"),
        ("/always-503", "HTTP 503 Service Unavailable"),
        ("/schemas/garbage.json", "the answer is not a JSON schema"),
        ("/redirect-loop", "more than 10 redirects"),
        ("/slow", "timed out"),
    ])
    func faultsAreErrorsNamingTheURL(path: String, reason: String) throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let started = Date()
        let result = try validate(
            server.url(path), cache: cache, ["--timeout", "1", "--retry", "1", "--retry-delay", "0.1"])
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix("\(server.url(path)): error: cannot fetch schema: \(reason)"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 4, "no hang past --timeout")
        let entries = cache.appendingPathComponent("codable/schemas").path
        #expect((try? FileManager.default.contentsOfDirectory(atPath: entries))?.isEmpty ?? true, "nothing cached")
    }

    @Test func a503IsRetried() throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try validate(
            server.url("/schemas/flaky.json"), #"{"name": "x"}"#, cache: cache, ["--retry-delay", "0.1"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// 64 processes fetching the same schema into one empty cache at once: every one checks, and
    /// the cache holds one whole entry per URI (the schema and the one its `$ref` names).
    @Test func concurrentRunsShareTheCache() throws {
        let server = try PageServer()
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let url = server.url("/schemas/person.json")
        let script =
            (0..<64).map { _ in
                "echo '{\"name\": 3}' | XDG_CACHE_HOME='\(cache.path)' '\(CodableBinary.url.path)' validate --from json --schema '\(url)' >/dev/null 2>&1; echo $? &"
            }.joined(separator: "\n") + "\nwait\n"
        let result = try runShell(script)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0 == "1" }, "\(result.stdout)")
        let files = try FileManager.default.contentsOfDirectory(
            atPath: cache.appendingPathComponent("codable/schemas").path)
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".json") }, "one entry per URI: \(files)")
        let offline = try validate(url, cache: cache, ["--offline"])
        #expect(offline.status == 1)
    }
}
