import Foundation
import Testing

/// `--split N --output-dir DIR` failing midway, through the real binary: a bad record with
/// `--on-error fail`, a file-size limit (`ulimit -f`), SIGINT and SIGTERM. Each leaves the pages
/// committed before the failure, the other files DIR held before the run untouched (an old page
/// past the failure included), no index (the earlier run's went when this run's first page
/// replaced one of its pages), no temporary file, and the exit status that says what happened.
/// A run that succeeds leaves no page of an earlier, longer run in its format behind.
@Suite struct SplitNothingLostTests {
    /// Files DIR holds before each run, as a previous run would have left them.
    private static let previous = [
        "index.json": "old index\n", "page-000003.jsonl": "old page 3\n", "notes.txt": "not ours\n",
    ]

    private static func makeOutputDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        for (name, contents) in previous {
            try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Checks DIR: the previous files untouched (but the index, gone once a page is committed),
    /// exactly `pages` committed (each holding records as `{"id":N}` lines, two a page), and
    /// nothing else (no temporary file).
    private static func expectDirectory(_ directory: URL, pages: Int, _ name: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let pageNames = (0..<pages).map { String(format: "page-%06d.jsonl", $0 + 1) }
        let kept = previous.filter { pages == 0 || $0.key != "index.json" }
        let expected = (Array(kept.keys) + pageNames).sorted()
        #expect(files == expected, "\(name): \(files)")
        for (file, contents) in kept {
            #expect(
                try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) == contents,
                "\(name): \(file) changed")
        }
        for (offset, page) in pageNames.enumerated() {
            let text = try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8)
            #expect(text == "{\"id\":\(2 * offset + 1)}\n{\"id\":\(2 * offset + 2)}\n", "\(name): \(page)")
        }
    }

    @Test func aBadRecordWithOnErrorFail() throws {
        let directory = try Self.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = (1...5).map { "{\"id\":\($0)}\n" }.joined() + "{\"id\":6,}\n{\"id\":7}\n"
        let result = try CodableBinary.run(
            [
                "convert", "--from", "jsonl", "--to", "jsonl", "--on-error", "fail", "--split", "2", "--output-dir",
                directory.path,
            ], stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:6:9: error: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        try Self.expectDirectory(directory, pages: 2, "bad record")
    }

    @Test func aBadFirstRecordChangesNothing() throws {
        let directory = try Self.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CodableBinary.run(
            ["convert", "--from", "jsonl", "--to", "jsonl", "--split", "2", "--output-dir", directory.path],
            stdin: "{\"id\":1,}\n")
        #expect(result.status == 1)
        try Self.expectDirectory(directory, pages: 0, "bad first record")
    }

    @Test func aShorterRunRemovesTheLongerRunsLastPages() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func split(_ records: Int, to format: String) throws {
            let input = (1...records).map { "{\"id\":\($0)}\n" }.joined()
            let result = try CodableBinary.run(
                ["convert", "--from", "jsonl", "--to", format, "--split", "2", "--output-dir", directory.path],
                stdin: input)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try split(8, to: "jsonl")
        try split(3, to: "csv")
        try "not ours\n".write(
            to: directory.appendingPathComponent("page-000009.jsonl.bak"), atomically: true, encoding: .utf8)
        try split(3, to: "jsonl")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        // The CSV pages are another format's (not this run's to remove); the .bak is no page.
        #expect(
            files == [
                "index.json", "page-000001.csv", "page-000001.jsonl", "page-000002.csv", "page-000002.jsonl",
                "page-000009.jsonl.bak",
            ])
        let index = try String(contentsOf: directory.appendingPathComponent("index.json"), encoding: .utf8)
        #expect(index.hasPrefix("{\"pageSize\":2,\"totalItems\":3,\"totalPages\":2,"), "\(index)")
        let last = try String(contentsOf: directory.appendingPathComponent("page-000002.jsonl"), encoding: .utf8)
        #expect(last == "{\"id\":3}\n")
    }

    @Test func anEarlierPageThatCannotBeRemovedIsAnIOError() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory named like a page cannot be unlinked: the run says so and writes no index.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("page-000004.jsonl"), withIntermediateDirectories: false)
        let result = try CodableBinary.run(
            ["convert", "--from", "jsonl", "--to", "jsonl", "--split", "2", "--output-dir", directory.path],
            stdin: "{\"id\":1}\n")
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "\(directory.path)/page-000004.jsonl: error: cannot write output: cannot remove an earlier run's page: "
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("index.json").path))
    }

    @Test func aFileSizeLimitOnTheThirdPage() throws {
        let directory = try Self.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Four small records (two pages under 2 KB each), then one of about 3 KB: its page
        // cannot be written under `ulimit -f 2` (2 KB).
        let input = directory.appendingPathComponent("in.jsonl.input")
        let big = "{\"id\":5,\"pad\":\"\(String(repeating: "x", count: 3_000))\"}\n"
        try ((1...4).map { "{\"id\":\($0)}\n" }.joined() + big).write(to: input, atomically: true, encoding: .utf8)
        let result = try runShell(
            "ulimit -f 2; exec timeout -s KILL 60 \(CodableBinary.url.path) convert --to jsonl --split 2 --output-dir \(directory.path) \(input.path)"
        )
        try FileManager.default.removeItem(at: input)
        #expect(result.status == 3)
        #expect(result.stderr == "\(directory.path)/page-000003.jsonl: error: cannot write output: File too large\n")
        try Self.expectDirectory(directory, pages: 2, "ulimit -f")
    }

    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func aSignalWhileWriting(signal: Int32, name: String) throws {
        let directory = try Self.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = CodableBinary.url
        process.arguments = [
            "convert", "--from", "jsonl", "--to", "jsonl", "--split", "2", "--output-dir", directory.path,
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Standard input stays open: page 1 is committed and page 2 is being written when
        // the signal comes.
        input.fileHandleForWriting.write(Data((1...3).map { "{\"id\":\($0)}\n" }.joined().utf8))
        func files() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] }
        let deadline = Date().addingTimeInterval(20)
        while !(files().contains("page-000001.jsonl") && files().contains { $0.hasSuffix(".tmp") }) && Date() < deadline
        { usleep(10_000) }
        #expect(files().contains { $0.hasSuffix(".tmp") }, "\(name): codable never started page 2: \(files())")
        process.signalUntilExit(signal, name: name)
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signal, "\(name)")
        try Self.expectDirectory(directory, pages: 1, name)
    }
}
