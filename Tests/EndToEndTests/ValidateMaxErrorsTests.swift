import Foundation
import Testing

/// `--max-errors` at its default (1000) through the real binary: the boundary needs more
/// problems than a golden fixture should hold (the fixtures `validate-max-errors-*` show it at 3).
@Suite struct ValidateMaxErrorsTests {
    /// Runs `validate --report github` against `{"type": "string"}` on JSON Lines `stdin`.
    private func validate(_ stdin: String, _ extra: [String] = []) throws -> CodableBinary.Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("string.schema.json")
        try Data(#"{"type": "string"}"#.utf8).write(to: schema)
        return try CodableBinary.run(["validate", "--schema", schema.path, "--from", "jsonl", "--report", "github"] + extra, stdin: stdin)
    }

    private func lines(_ text: String) -> Int { text.split(separator: "\n").count }

    @Test func exactlyTheDefaultIsNotCut() throws {
        let result = try validate(String(repeating: "1\n", count: 1000) + "\"fine\"\n")
        #expect(result.status == 1)
        #expect(lines(result.stdout) == 1000)
        #expect(result.stderr.hasPrefix("1 file, 1001 records, 1000 errors in "))
        #expect(!result.stderr.contains("stopped"))
    }

    @Test func oneMoreThanTheDefaultIsCutAndSaysSo() throws {
        let result = try validate(String(repeating: "1\n", count: 1001) + "2\n")
        #expect(result.status == 1)
        #expect(lines(result.stdout) == 1000)
        #expect(result.stderr.hasPrefix("1 file, 1001 records, 1000 errors in "))
        #expect(result.stderr.hasSuffix(" s (stopped at --max-errors 1000; --max-errors 0 for all)\n"))
    }

    @Test func manyProblemsInOneRecordAreCutToo() throws {
        let array = "[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]\n"
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("strings.schema.json")
        try Data(#"{"items": {"type": "string"}}"#.utf8).write(to: schema)
        let result = try CodableBinary.run(["validate", "--schema", schema.path, "--from", "jsonl", "--report", "github"], stdin: array)
        #expect(result.status == 1)
        #expect(lines(result.stdout) == 1000)
        #expect(result.stderr.contains("(stopped at --max-errors 1000; --max-errors 0 for all)"))
    }

    @Test func zeroMeansNoLimit() throws {
        let result = try validate(String(repeating: "1\n", count: 1500), ["--max-errors", "0"])
        #expect(result.status == 1)
        #expect(lines(result.stdout) == 1500)
        #expect(result.stderr.hasPrefix("1 file, 1500 records, 1500 errors in "))
        #expect(!result.stderr.contains("stopped"))
    }

    @Test func aNegativeLimitIsAUsageError() throws {
        let result = try validate("1\n", ["--max-errors=-1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-errors must be 0 (no limit) or more."))
    }
}
