import Foundation
import Testing

/// The transform chain and pages through the real binary: stopping early, temporary files,
/// split pages, progress.
@Suite struct TransformEndToEndTests {
    private var codable: String { CodableBinary.url.path }

    @Test func aReachedLimitStopsReadingAnEndlessInput() throws {
        // `yes` never ends: codable must stop reading by itself once ten records are out.
        let started = Date()
        let result = try runShell(
            "timeout 60 \(codable) convert --to jsonl --where '.done == true' --select id --limit 10 < <(yes '{\"id\":7,\"done\":true,\"title\":\"t\"}')"
        )
        #expect(result.status == 0)
        #expect(result.stdout == String(repeating: "{\"id\":7}\n", count: 10))
        #expect(Date().timeIntervalSince(started) < 30)  // milliseconds unloaded; generous for a busy machine
    }

    @Test func aClosedPipeStopsTheChainQuietly() throws {
        let result = try runShell(
            "timeout 60 \(codable) convert --to jsonl --where '.done' --exclude title < <(yes '{\"id\":7,\"done\":true,\"title\":\"t\"}') | head -1; echo \"status=${PIPESTATUS[0]}\""
        )
        #expect(result.stdout == "{\"id\":7,\"done\":true}\nstatus=0\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func sortRunsAreRemovedAtTheEnd() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = (0..<2_000).map { "{\"id\":\(($0 * 7919) % 2_000),\"n\":\($0)}" }.joined(separator: "\n")
        let result = try CodableBinary.run(
            ["convert", "--to", "jsonl", "--sort-by", ".id", "--select", "id", "--memory-limit", "4K"], stdin: input,
            environment: ["TMPDIR": directory.path])
        #expect(result.status == 0)
        #expect(result.stdout == (0..<2_000).map { "{\"id\":\($0)}\n" }.joined())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A CSV batch keeps its input text and each row's place besides its JSON and nodes, and
    /// `--memory-limit` counts them: 2 000 rows (19 KB of CSV) hold about 70 KB of JSON tokens
    /// and nodes and 27 KB more, so a 90 KB limit spills (and fails, with nowhere to spill to).
    @Test func aCSVSortCountsTheInputItKeeps() throws {
        let input = "id,v\n" + (0..<2_000).map { "\($0),\($0 * 7)\n" }.joined()
        let arguments = ["convert", "--from", "csv", "--to", "jsonl", "--sort-by", "v:desc"]
        let spilled = try CodableBinary.run(
            arguments + ["--memory-limit", "90K"], stdin: input, environment: ["TMPDIR": "/nonexistent-codable-tmp"])
        #expect(spilled.status == 3, "\(spilled.stderr)")
        #expect(spilled.stderr.hasPrefix("temporary sort file in /nonexistent-codable-tmp: error: cannot write output"))
        let held = try CodableBinary.run(
            arguments + ["--memory-limit", "200K"], stdin: input, environment: ["TMPDIR": "/nonexistent-codable-tmp"])
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout.split(separator: "\n").first == "{\"id\":1999,\"v\":13993}")
    }

    @Test func aSortThatCannotSpillNamesWhere() throws {
        let input = (0..<2_000).map { "{\"id\":\($0)}" }.joined(separator: "\n")
        let result = try CodableBinary.run(
            ["convert", "--to", "jsonl", "--sort-by", ".id", "--memory-limit", "4K"], stdin: input,
            environment: ["TMPDIR": "/nonexistent-codable-tmp"])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "temporary sort file in /nonexistent-codable-tmp: error: cannot write output: No such file or directory\n"
        )
    }

    @Test func anInterruptedSortLeavesNoRuns() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = CodableBinary.url
        process.arguments = ["convert", "--to", "jsonl", "--sort-by", ".id", "--memory-limit", "1K"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory.path
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Standard input stays open: codable has spilled runs and waits for more when signalled.
        input.fileHandleForWriting.write(
            Data((0..<500).map { "{\"id\":\($0),\"pad\":\"\(String(repeating: "x", count: 50))\"}\n" }.joined().utf8))
        func runs() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] }
        let deadline = Date().addingTimeInterval(20)
        while runs().isEmpty && Date() < deadline { usleep(10_000) }
        #expect(!runs().isEmpty, "codable never spilled a run")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(runs().isEmpty, "left \(runs())")
    }

    @Test func splitWritesSortedPageFilesAndAnIndex() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pages")
        let result = try CodableBinary.run([
            "convert", "--split", "2", "--output-dir", output.path, "--select", "id", "Samples/todos.jsonl",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(files == ["index.json", "page-000001.json", "page-000002.json", "page-000003.json"])
        #expect(
            try String(contentsOf: output.appendingPathComponent("page-000003.json"), encoding: .utf8)
                == "[{\"id\":5}]\n")
        let index = try String(contentsOf: output.appendingPathComponent("index.json"), encoding: .utf8)
        #expect(index.hasPrefix("{\"pageSize\":2,\"totalItems\":5,\"totalPages\":3,\"pages\":["))
        #expect(index.contains("{\"page\":3,\"file\":\"page-000003.json\",\"items\":1}"))
    }

    /// Pages are named after `--to` (YAML pages end in `.yaml`, not `.json`), so reading them back
    /// by extension gives the records again.
    @Test(arguments: ["json", "jsonl", "json-seq", "yaml", "csv", "tsv"])
    func splitPagesAreNamedAfterTheirFormatAndReadBack(format: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CodableBinary.run([
            "convert", "--to", format, "--split", "2", "--output-dir", directory.path, "--select", "id,title",
            "Samples/todos.jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["index.json", "page-000001.\(format)", "page-000002.\(format)", "page-000003.\(format)"])
        let pages = files.dropFirst().map { directory.appendingPathComponent($0).path }
        let readBack = try CodableBinary.run(["convert", "--to", "jsonl"] + pages)
        let original = try CodableBinary.run([
            "convert", "--to", "jsonl", "--select", "id,title", "Samples/todos.jsonl",
        ])
        #expect(readBack.status == 0, "\(readBack.stderr)")
        #expect(readBack.stdout == original.stdout)
    }

    /// Each CSV page takes its header from its first record: a field a later record of the page
    /// has beyond it is noted, as it is without --split, not dropped without a word.
    @Test func aCSVPageNotesTheFieldsItsHeaderLacks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CodableBinary.run([
            "convert", "--to", "csv", "--split", "2", "--output-dir", directory.path, "Samples/todos.jsonl",
        ])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "codable: note: $[3].estimate is not a column (the header is the first record's fields); dropped here and in later records. Choose the columns with --columns.\n"
        )
        let secondPage = try String(contentsOf: directory.appendingPathComponent("page-000002.csv"), encoding: .utf8)
        #expect(secondPage.hasPrefix("id,title,done,createdAt,tags,priority,notes\n"))
    }

    @Test func aSplitThatFailsMidwayKeepsEarlierPagesAndNoTemporaryFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CodableBinary.run(
            ["convert", "--from", "jsonl", "--split", "2", "--output-dir", directory.path, "--where", ".id > 0"],
            stdin: "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":\n")
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["page-000001.json"])
    }

    /// The line is first drawn at a batch read a second or more after codable starts. The second
    /// record comes 3 seconds after the first, so that a slow start on a busy machine still leaves
    /// over a second: beside fuzzers and the other tests, a debug binary's start and first record
    /// can take over half a second.
    @Test func progressShowsOnRequestAndNotWhenPiped() throws {
        let slow = "(echo '{\"a\":1}'; sleep 3; echo '{\"a\":2}')"
        let shown = try runShell("\(slow) | \(codable) convert --to jsonl --where '.a > 0' --progress")
        #expect(shown.stdout == "{\"a\":1}\n{\"a\":2}\n")
        #expect(shown.stderr.contains("codable: 2 records"))
        #expect(shown.stderr.hasSuffix("\r\u{1B}[K"))  // erased at the end
        let piped = try runShell("\(slow) | \(codable) convert --to jsonl --where '.a > 0'")
        #expect(piped.stderr.isEmpty)
    }
}
