import Foundation
import Testing

/// One record with more problems than `validate` holds in memory (`SortedFindings`): they are
/// sorted in runs in a temporary file and reported a page at a time, and the report is the one
/// the same run gives with every problem in memory (`$TMPDIR` missing): the same problems, in
/// document order, the same places and totals.
@Suite struct ValidateManyProblemsInOneRecordTests {
    /// An array of three records: a good one, one with `3 * count + 1` problems over two lines
    /// (one at `z`, which only the schema checks), one with one problem. The schema finds every
    /// item's `type` problem before any item's `maximum` one (`allOf`'s branches in turn), and
    /// the model finds `b`'s problems before `a`'s (its members in declaration order), so the
    /// order they are found in is not the document's; an item's two problems come from runs
    /// far apart, and must keep the order they were found in.
    static func input(count: Int) -> String {
        let items = (0..<count).map(String.init).joined(separator: ",")
        return "[{\"a\":[],\"b\":[]},\n{\"z\":0,\"a\":[\(items)],\n \"b\":[\(items)]},\n{\"a\":[\"fine\"],\"b\":[7]}]\n"
    }

    static let schema =
        #"{"allOf":[{"properties":{"a":{"items":{"type":"string"}},"b":{"items":{"type":"string"}},"z":{"type":"string"}}},{"properties":{"a":{"items":{"maximum":-1}}}}]}"#
    /// Every column a string at most -1 when a number: a number breaks both rules, or one.
    static let columnsSchema =
        #"{"allOf":[{"additionalProperties":{"type":"string"}},{"additionalProperties":{"maximum":-1}}]}"#
    /// `b` declared first: the decoder walks members in declaration order.
    static let model = "struct Row: Codable {\n    let b: [String]\n    let a: [String]\n}\n"

    /// Runs `validate` with `arguments` on `input` twice: with a `$TMPDIR` of its own (left
    /// empty, checked) and with a missing one. Returns the first run; both must agree. With
    /// `fileSizeLimit` (KiB, `ulimit -f`), no file the first run writes may pass that size: a
    /// disk that fills up in the middle.
    private func validateBothWays(
        _ arguments: [String], input: String, named name: String = "rows.json",
        fileSizeLimit: Int? = nil
    ) throws -> CodableBinary.Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try input.write(to: file, atomically: true, encoding: .utf8)
        try Self.schema.write(
            to: directory.appendingPathComponent("rows.schema.json"), atomically: true, encoding: .utf8)
        try Self.model.write(to: directory.appendingPathComponent("Row.swift"), atomically: true, encoding: .utf8)
        try Self.columnsSchema.write(
            to: directory.appendingPathComponent("columns.schema.json"), atomically: true, encoding: .utf8)
        let spool = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let full = arguments.map { $0.replacingOccurrences(of: "DIR", with: directory.path) } + [file.path]
        let limited = fileSizeLimit.map { ["/bin/bash", "-c", "ulimit -f \($0); exec \"$0\" \"$@\""] } ?? []
        let spilled = try CodableBinary.run(full, environment: ["TMPDIR": spool.path], launcher: limited)
        let held = try CodableBinary.run(
            full, environment: ["TMPDIR": directory.appendingPathComponent("missing").path])
        #expect(spilled.status == held.status)
        #expect(spilled.stdout == held.stdout, "\(arguments): the report differs with problems spilled")
        #expect(Self.withoutTime(spilled.stderr) == Self.withoutTime(held.stderr))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "left in $TMPDIR")
        return spilled
    }

    /// The summary line without its seconds.
    static func withoutTime(_ text: String) -> String {
        text.replacing(/in [0-9.]+ s/, with: "in - s")
    }

    /// `file:LINE:COL` of each text report problem, in the order reported.
    static func places(_ report: String) -> [(line: Int, column: Int)] {
        report.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^[^ ]+\.json:([0-9]+):([0-9]+): error:/) else { return nil }
            return (Int(match.1)!, Int(match.2)!)
        }
    }

    @Test func schemaProblemsPastMemoryComeInDocumentOrder() throws {
        let result = try validateBothWays(
            ["validate", "--schema", "DIR/rows.schema.json", "--each", "--max-errors", "0"],
            input: Self.input(count: 3_001))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("1 file, 3 records, 9005 errors in "), "\(result.stderr)")
        let places = Self.places(result.stdout)
        #expect(places.count == 9_005)
        #expect(
            zip(places, places.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) },
            "not in document order")
        // Both of an item's problems, in the schema's order, at its place.
        #expect(
            result.stdout.contains(
                "rows.json:2:13: error: expected string, found number 0\n    at $[1].a[0] (schema /allOf/0/properties/a/items/type)"
            ))
        #expect(result.stdout.contains("at $[1].a[0] (schema /allOf/1/properties/a/items/maximum)"))
        #expect(result.stdout.contains("at $[1].b[3000] (schema /allOf/0/properties/b/items/type)"))
        #expect(result.stdout.contains("at $[2].b[0] (schema /allOf/0/properties/b/items/type)"))
    }

    /// The JSON report (record, pointer, rule) and a limit in the middle of the big record.
    @Test(arguments: ["0", "5000"])
    func theJSONReportAndALimitAgree(maxErrors: String) throws {
        let result = try validateBothWays(
            ["validate", "--schema", "DIR/rows.schema.json", "--each", "--max-errors", maxErrors, "--report", "json"],
            input: Self.input(count: 2_501))
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let problems = try #require(files.first?["problems"] as? [[String: Any]])
        #expect(problems.count == (maxErrors == "0" ? 7_505 : 5_000))
        #expect(problems.first?["instancePath"] as? String == "/z")
        #expect(problems.dropLast(maxErrors == "0" ? 1 : 0).allSatisfy { $0["record"] as? Int == 1 })
    }

    @Test func modelProblemsPastMemoryComeInDocumentOrder() throws {
        let result = try validateBothWays(
            ["validate", "--model", "DIR/Row.swift", "--type", "Row", "--max-errors", "0"],
            input: Self.input(count: 3_001))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("1 file, 3 records, 6003 errors in "), "\(result.stderr)")
        let places = Self.places(result.stdout)
        #expect(places.count == 6_003)
        #expect(
            zip(places, places.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) },
            "not in document order")
        #expect(
            result.stdout.contains(
                "rows.json:2:13: error: Expected to decode String but found number instead.\n    at $[1].a[0] (model Row.a[0])"
            ))
    }

    /// A disk that fills up in the middle (no file may pass 400 KiB): the findings' first run
    /// (about 300 KB) and the JSON report's first 256 KiB reach their files, the next do not,
    /// and the rest stays in memory. Nothing is lost or doubled: the report is the one a run
    /// with every problem in memory gives, and the run does not die of SIGXFSZ.
    @Test(arguments: ["text", "json"])
    func aDiskFullInTheMiddleKeepsTheRestInMemory(report: String) throws {
        let result = try validateBothWays(
            ["validate", "--schema", "DIR/rows.schema.json", "--each", "--max-errors", "0", "--report", report],
            input: Self.input(count: 3_001), fileSizeLimit: 400)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("1 file, 3 records, 9005 errors in "), "\(result.stderr)")
        #expect(result.stdout.utf8.count > 800_000, "enough to pass the limit in a file")
    }

    /// YAML (its nodes placed through a source map) and CSV rows of 3 001 columns (one
    /// record's problems past memory, the next record's too) agree spilled or held.
    @Test(arguments: ["yaml", "csv"])
    func yamlAndCSVAgreeSpilledOrHeld(format: String) throws {
        let count = 3_001
        let items = (0..<count).map(String.init).joined(separator: ", ")
        let input =
            format == "yaml"
            ? "- a: []\n  b: []\n- z: 0\n  a: [\(items)]\n  b: [\(items)]\n- a: [fine]\n  b: [7]\n"
            : (0..<count).map { "c\($0)" }.joined(separator: ",") + "\n" + items.replacing(" ", with: "") + "\n"
                + Array(repeating: "-5", count: count).joined(separator: ",") + "\n"
        let schema = format == "yaml" ? "DIR/rows.schema.json" : "DIR/columns.schema.json"
        let result = try validateBothWays(
            ["validate", "--schema", schema, "--each", "--max-errors", "0"], input: input, named: "rows.\(format)")
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                format == "yaml" ? "1 file, 3 records, 9005 errors in " : "1 file, 2 records, 9003 errors in "),
            "\(result.stderr)")
        let places = result.stdout.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^[^ ]+\.(yaml|csv):([0-9]+):([0-9]+): error:/).map { (Int($0.2)!, Int($0.3)!) }
        }
        #expect(places.count == (format == "yaml" ? 9_005 : 9_003))
        #expect(zip(places, places.dropFirst()).allSatisfy { $0 <= $1 }, "not in document order")
    }
}
