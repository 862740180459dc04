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

    /// More problems than one checking task holds (`BatchCheck.problemsPerTask`): the rest of
    /// the batch goes to a task of its own, and every problem is still reported once, in order,
    /// up to the limit. Records with 0, 1 and 3 problems, so that tasks stop at uneven places;
    /// the good ones long, so that the input is read as several batches (of about 1 MiB).
    @Test(arguments: [0, 2_500, 4_321])
    func problemsPastOneTasksShareComeInOrder(limit: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("strings.schema.json")
        try Data(#"{"type": "array", "items": {"type": "string"}}"#.utf8).write(to: schema)
        let good = "[\"" + String(repeating: "s", count: 1_500) + "\"]"
        let records = (0..<5_000).map { $0 % 5 == 0 ? good : $0 % 3 == 0 ? "[1,2,3]" : "1" }
        var expected = records.enumerated().flatMap { line, record in
            Array(repeating: line + 1, count: record == "[1,2,3]" ? 3 : record == "1" ? 1 : 0)
        }
        if limit > 0 { expected = Array(expected.prefix(limit)) }
        // From a file: a pipe hands over 64 KiB at a time, and batches as small hold too few problems.
        let input = directory.appendingPathComponent("records.jsonl")
        try Data((records.joined(separator: "\n") + "\n").utf8).write(to: input)
        let result = try CodableBinary.run(["validate", "--schema", schema.path, "--report", "github", "--max-errors", "\(limit)", input.path])
        #expect(result.status == 1)
        let reported = result.stdout.split(separator: "\n").map { line in
            Int(line.split(separator: ",").first { $0.hasPrefix("line=") }!.dropFirst(5))!
        }
        // The first difference, not the two lists (thousands of numbers).
        let shared = min(reported.count, expected.count)
        let differs = (0..<shared).first { reported[$0] != expected[$0] } ?? (reported.count == expected.count ? nil : shared)
        #expect(differs == nil, "\(reported.count) reported, \(expected.count) expected; problem \(differs ?? 0) differs")
    }

    /// The reports that keep their problems until their counts are written (json, junit,
    /// sarif) keep them past a mebibyte in a temporary file: the same report comes out with
    /// $TMPDIR usable (where nothing is left behind) and with no $TMPDIR to write in (kept in
    /// memory instead).
    @Test(arguments: ["json", "junit", "sarif"])
    func aReportPastAMebibyteIsTheSameSpooledOrNot(report: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("string.schema.json")
        try Data(#"{"type": "string"}"#.utf8).write(to: schema)
        let input = directory.appendingPathComponent("numbers.jsonl")
        try Data((0..<8_000).map { "\($0)\n" }.joined().utf8).write(to: input)
        let spool = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let arguments = ["validate", "--schema", schema.path, "--report", report, "--max-errors", "0", input.path]
        let spooled = try CodableBinary.run(arguments, environment: ["TMPDIR": spool.path])
        let inMemory = try CodableBinary.run(arguments, environment: ["TMPDIR": directory.appendingPathComponent("absent").path])
        #expect(spooled.status == 1 && inMemory.status == 1, "\(spooled.stderr) \(inMemory.stderr)")
        #expect(spooled.stdout.utf8.count > 1 << 20, "big enough to reach the file")
        #expect(spooled.stdout == inMemory.stdout)
        #expect(spooled.stdout.contains("7999"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
    }

    @Test func aNegativeLimitIsAUsageError() throws {
        let result = try validate("1\n", ["--max-errors=-1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-errors must be 0 (no limit) or more."))
    }
}
