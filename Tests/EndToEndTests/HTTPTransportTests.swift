import Foundation
import Testing

@testable import CodableCommands

/// The HTTP transport: the system libcurl, loaded only when a URL is read, and the errors when
/// it cannot be.
@Suite(.enabled(if: PageServer.isAvailable, "python3 is needed for the local page server"))
struct HTTPTransportTests {
    private let missing = ["CODABLE_LIBCURL": "/nonexistent/libcurl.so.4"]

    @Test func withoutLibcurlAURLIsAnIOErrorNamingIt() throws {
        let server = try PageServer()
        let url = server.url("/pages/1?last=1")
        let result = try CodableBinary.run(["convert", url, "--to", "jsonl"], environment: missing)
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "\(url): error: cannot read input: HTTP needs libcurl, which could not be loaded (/nonexistent/libcurl.so.4: cannot open shared object file: No such file or directory) (1 attempt)\n"
        )
        #expect(try server.requests().isEmpty)
    }

    @Test func withoutLibcurlASchemaURLIsAnIOErrorNamingIt() throws {
        let server = try PageServer()
        let url = server.url("/schemas/person.json")
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = missing
        environment["XDG_CACHE_HOME"] = cache.path
        let result = try CodableBinary.run(
            ["validate", "--schema", url, "--from", "json"], stdin: Data("{}".utf8), environment: environment)
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("\(url): error: cannot fetch schema: HTTP needs libcurl"), "\(result.stderr)")
    }

    @Test func pagesFromOneHostShareAConnection() throws {
        let server = try PageServer()
        let result = try CodableBinary.run([
            "convert", server.url("/peer/1?last=4"), "--items", "items", "--next", "next", "--select", "port",
            "--to", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let ports = result.stdout.split(separator: "\n")
        #expect(ports.count == 4)
        #expect(Set(ports).count == 1, "one client port for all pages: \(ports)")
    }

    @Test func withoutLibcurlFilesStillWork() throws {
        let result = try CodableBinary.run(
            ["convert", "--from", "json", "--compact"], stdin: "[1]", environment: missing)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "[1]\n")
    }

    #if os(Linux)
        /// No networking library is linked: the dynamic loader would load it and the thirty
        /// libraries behind it into every run.
        @Test func theBinaryLinksNoNetworkingLibrary() throws {
            let ldd = Process()
            ldd.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            ldd.arguments = ["ldd", CodableBinary.url.path]
            let output = Pipe()
            ldd.standardOutput = output
            try ldd.run()
            let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            ldd.waitUntilExit()
            #expect(libraries.contains("libc.so"), "\(libraries)")
            #expect(!libraries.contains("libcurl"), "\(libraries)")
            #expect(!libraries.contains("FoundationNetworking"), "\(libraries)")
        }
    #endif

    @Test func headerFieldsAreReadFromTheHead() {
        let head =
            "HTTP/1.1 200 OK\r\nLink: <a>; rel=\"next\"\r\ncontent-type: application/json\r\n"
            + "X-Folded: one\r\n  two\r\nlink: <b>; rel=\"last\"\r\n\r\n"
        let response = HTTPResponse(statusCode: 200, headers: HTTPResponse.headerFields(in: head), body: [])
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "link") == "<a>; rel=\"next\", <b>; rel=\"last\"")
        #expect(response.value(forHTTPHeaderField: "X-Folded") == "one two")
        #expect(response.value(forHTTPHeaderField: "Retry-After") == nil)
    }

    @Test func statusReasons() {
        #expect(HTTPStatus.reason(404) == "Not Found")
        #expect(HTTPStatus.reason(429) == "Too Many Requests")
        #expect(HTTPStatus.reason(599) == "Server Error")
    }
}
