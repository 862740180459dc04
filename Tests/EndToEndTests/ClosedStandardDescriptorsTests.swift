import Foundation
import Testing

/// Started with standard input, output or error closed, `codable` neither reads from nor writes
/// into whatever descriptor takes the closed one's number: each fails as a closed descriptor
/// should, an I/O error with status 3.
@Suite struct ClosedStandardDescriptorsTests {
    private var codable: String { CodableBinary.url.path }

    @Test func aClosedStandardOutputIsAnIOError() throws {
        let result = try runShell("\(codable) convert --to jsonl Samples/todos.json >&-")
        #expect(result.status == 3)
        #expect(result.stderr == "<stdout>: error: cannot write output: Bad file descriptor\n")
    }

    @Test func aClosedStandardInputIsAnIOError() throws {
        let result = try runShell("\(codable) convert --to jsonl <&-")
        #expect(result.status == 3)
        #expect(result.stderr == "<stdin>: error: cannot read input: Bad file descriptor\n")
    }

    /// The sort's runs are files opened for reading and writing: none may stand in for the
    /// closed output, and none is left behind.
    @Test func aSortWithAClosedStandardOutputWritesNothingIntoItsRuns() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("records.jsonl")
        try (0..<2_000).map { "{\"id\":\(($0 * 7919) % 2_000)}\n" }.joined().write(
            to: input, atomically: true, encoding: .utf8)
        let result = try runShell(
            "TMPDIR=\(directory.path) \(codable) convert --to jsonl --sort-by .id --memory-limit 4K \(input.path) >&-")
        #expect(result.status == 3)
        #expect(result.stderr == "<stdout>: error: cannot write output: Bad file descriptor\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["records.jsonl"])
    }

    @Test func aClosedStandardErrorStillGivesTheStatus() throws {
        let result = try runShell("\(codable) convert --to jsonl Samples/broken.jsonl 2>&- >/dev/null; echo status=$?")
        #expect(result.stdout == "status=1\n")
    }

    @Test func allThreeClosedWithAFileOutputStillWritesIt() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        let result = try runShell(
            "\(codable) convert --to jsonl -o \(target.path) Samples/todos.json <&- >&- 2>&-; echo status=$? >&2")
        #expect(result.stderr == "status=0\n")
        let expected = try String(
            contentsOf: CodableBinary.repositoryRoot.appendingPathComponent("Samples/todos.jsonl"), encoding: .utf8)
        #expect(try String(contentsOf: target, encoding: .utf8) == expected)
    }
}
