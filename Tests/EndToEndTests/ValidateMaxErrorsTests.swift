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
        return try CodableBinary.run(
            ["validate", "--schema", schema.path, "--from", "jsonl", "--report", "github"] + extra, stdin: stdin)
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
        let result = try CodableBinary.run(
            ["validate", "--schema", schema.path, "--from", "jsonl", "--report", "github"], stdin: array)
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
        let result = try CodableBinary.run([
            "validate", "--schema", schema.path, "--report", "github", "--max-errors", "\(limit)", input.path,
        ])
        #expect(result.status == 1)
        let reported = result.stdout.split(separator: "\n").map { line in
            Int(line.split(separator: ",").first { $0.hasPrefix("line=") }!.dropFirst(5))!
        }
        // The first difference, not the two lists (thousands of numbers).
        let shared = min(reported.count, expected.count)
        let differs =
            (0..<shared).first { reported[$0] != expected[$0] } ?? (reported.count == expected.count ? nil : shared)
        #expect(
            differs == nil, "\(reported.count) reported, \(expected.count) expected; problem \(differs ?? 0) differs")
    }

    /// Records of every density in one input of several batches: runs of clean records, a
    /// problem a record, and records with more problems than a task holds. A task that stops at
    /// `BatchCheck.problemsPerTask` problems hands the rest of its part on in parts that tasks
    /// check at once, each placed from a cursor counted on from the part before it: every
    /// problem still comes once, in order, at its own line and column, and every record is
    /// counted once. As JSON Lines, and as one YAML sequence (placed through a source map).
    @Test(arguments: [("records.jsonl", ""), ("records.yaml", "- ")])
    func problemsOfPartsCheckedAtOnceComeInOrderAtTheirPlaces(file: String, prefix: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("strings.schema.json")
        try Data(#"{"type": "array", "items": {"type": "string"}}"#.utf8).write(to: schema)
        let wide = "[" + Array(repeating: "1", count: 300).joined(separator: ",") + "]"
        let long = "[\"" + String(repeating: "s", count: 3_000) + "\"]"
        let records = (0..<12_000).map { index in
            if index % 997 == 0 { return wide }
            if index % 10 == 0 { return long }
            if (2_000..<4_000).contains(index) { return "[\"s\"]" }
            return index % 3 == 0 ? "[\"s\", 2]" : "[1]"
        }
        // Columns count from the record's `[`, after the YAML item's `- `.
        let expected = records.enumerated().flatMap { line, record -> [String] in
            let columns: [Int] =
                switch record {
                case wide: (0..<300).map { 2 + 2 * $0 }
                case "[\"s\", 2]": [7]
                case "[1]": [2]
                default: []
                }
            return columns.map { "\(line + 1):\($0 + prefix.count)" }
        }
        let input = directory.appendingPathComponent(file)
        try Data(records.map { prefix + $0 + "\n" }.joined().utf8).write(to: input)
        let result = try CodableBinary.run([
            "validate", "--schema", schema.path, "--each", "--report", "github", "--max-errors", "0", input.path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("1 file, 12000 records, \(expected.count) errors in "), "\(result.stderr)")
        let reported = result.stdout.split(separator: "\n").map { command in
            let properties = command.split(separator: ",")
            func value(_ key: String) -> Substring {
                properties.first { $0.hasPrefix(key + "=") }!.dropFirst(key.count + 1)
            }
            return "\(value("line")):\(value("col"))"
        }
        let shared = min(reported.count, expected.count)
        let differs =
            (0..<shared).first { reported[$0] != expected[$0] } ?? (reported.count == expected.count ? nil : shared)
        #expect(
            differs == nil, "\(reported.count) reported, \(expected.count) expected; problem \(differs ?? 0) differs")
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
        let inMemory = try CodableBinary.run(
            arguments, environment: ["TMPDIR": directory.appendingPathComponent("absent").path])
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
