import Foundation
import Testing

/// Every limit at its boundary, through the real binary: exactly at the limit passes, one past
/// fails with a located error and the documented exit status (README "Limits").
@Suite struct LimitsTests {
    /// `depth` arrays nested in one another.
    private static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test(arguments: [3, 512])
    func maxDepth(limit: Int) throws {
        let options = limit == 512 ? [] : ["--max-depth", "\(limit)"]
        let at = try CodableBinary.run(["convert", "--from", "json"] + options, stdin: Self.nested(limit))
        #expect(at.status == 0, "\(at.stderr)")
        #expect(at.stdout == Self.nested(limit) + "\n")

        let past = try CodableBinary.run(["convert", "--from", "json"] + options, stdin: Self.nested(limit + 1))
        #expect(past.status == 1)
        #expect(
            past.stderr.hasPrefix(
                "<stdin>:1:\(limit + 1): error: nesting deeper than \(limit) levels (raise it with --max-depth)\n"))
    }

    /// A recursive model decodes arrays and objects nested as deep as `JSONDecoder` does (512
    /// levels; 200 in a debug build, whose frames are larger), and past that refuses the record
    /// at the array or object too many, whatever `--max-depth` lets be read: 2 000 levels
    /// overflowed the stack (status 139).
    @Test(arguments: ["decode", "validate"])
    func aRecursiveModelDecodesAsDeepAsJSONDecoder(command: String) throws {
        let limit = CodableBinary.isDebugBuild ? 200 : 512
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("Node.swift")
        try "final class Node: Codable { var next: Node?; var list: [Node]? }\n".write(
            to: model, atomically: true, encoding: .utf8)
        /// `levels` objects nested through `next`, the innermost holding `"list":[]` (an array
        /// one level deeper: `levels + 1` in all).
        func nested(_ levels: Int) -> String {
            String(repeating: "{\"next\":", count: levels - 1) + "{\"list\":[]}"
                + String(repeating: "}", count: levels - 1) + "\n"
        }
        let arguments =
            [command, "--model", model.path, "--type", "Node", "--max-depth", "100000"]
            + (command == "decode" ? ["--to", "jsonl"] : [])
        let at = try CodableBinary.run(arguments, stdin: nested(limit - 1))
        #expect(at.status == 0, "\(at.stderr)")
        for levels in [limit, 5_000] {
            let past = try CodableBinary.run(arguments, stdin: nested(levels))
            #expect(past.status == 1, "\(levels): \(past.stderr.prefix(300))")
            // The array or object one past the limit, after `limit` times `{"next":` (or, with
            // `levels` = `limit`, `limit - 1` of them and `{"list":`): column `limit * 8 + 1`.
            let report = command == "decode" ? past.stderr : past.stdout
            #expect(
                report.hasPrefix(
                    "<stdin>:1:\(limit * 8 + 1): error: The given data was not valid JSON: nested deeper than \(limit) levels, which JSONDecoder refuses.\n"
                ),
                "\(levels): \(report.prefix(300))")
        }
    }

    @Test func maxLengthCountsAStringsBytesWithItsQuotes() throws {
        // "12345678" is 10 bytes as written.
        let at = try CodableBinary.run(["convert", "--from", "json", "--max-length", "10"], stdin: #"["12345678"]"#)
        #expect(at.status == 0, "\(at.stderr)")
        #expect(at.stdout == "[\"12345678\"]\n")

        let past = try CodableBinary.run(["convert", "--from", "json", "--max-length", "10"], stdin: #"["123456789"]"#)
        #expect(past.status == 1)
        #expect(past.stderr.hasPrefix("<stdin>:1:2: error: string or number longer than 10 bytes\n"))
    }

    @Test func maxLengthAppliesToNumbersInEveryFormat() throws {
        for format in ["json", "jsonl", "json-stream"] {
            let at = try CodableBinary.run(
                ["convert", "--from", format, "--to", "jsonl", "--max-length", "10"], stdin: "{\"n\":1234567890}\n")
            #expect(at.status == 0, "\(format): \(at.stderr)")
            #expect(at.stdout == "{\"n\":1234567890}\n")
            let past = try CodableBinary.run(
                ["convert", "--from", format, "--to", "jsonl", "--max-length", "10"], stdin: "{\"n\":12345678901}\n")
            #expect(past.status == 1, "\(format)")
            #expect(
                past.stderr.hasPrefix("<stdin>:1:6: error: string or number longer than 10 bytes\n"),
                "\(format): \(past.stderr)")
        }
    }

    /// A tape node holds a number's length in 27 bits: a number of 134 217 727 digits is an error
    /// at the number (JSON) or its cell (CSV), whatever `--max-length` allows. (One digit fewer
    /// is read and written whole: checked by hand, as it is too slow for a debug build's tests.)
    @Test(.releaseCheck) func aNumberIsAtMost134217726Bytes() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let limit = 134_217_726
        let digits = Data(repeating: UInt8(ascii: "7"), count: limit + 1)
        for (format, prefix, location) in [("json", "{\"n\":", "1:6"), ("csv", "n\n", "2:1")] {
            let past = folder.appendingPathComponent("past.\(format)")
            try (Data(prefix.utf8) + digits + Data((format == "json" ? "}\n" : "\n").utf8)).write(to: past)
            let failed = try runShell("\(CodableBinary.url.path) convert --to jsonl '\(past.path)' > /dev/null")
            #expect(failed.status == 1, "\(format)")
            #expect(
                failed.stderr.hasPrefix(
                    "\(past.path):\(location): error: number longer than \(limit) bytes, the longest one a record can hold\n"
                ), "\(format): \(failed.stderr.prefix(300))")
        }
    }

    /// YAML scalars (their value) and CSV/TSV cells (as written, quotes included) are bounded
    /// by --max-length too, in a header as in a row, whether the input comes at once or in pieces.
    @Test(arguments: [
        ("yaml", "n: 1234567890\ns: abcdefghij\n", "n: 1234567890\ns: abcdefghijk\n", "2:4"),
        ("yaml", "s: \"abcdefghij\"\n", "s: \"abcdefghijk\"\n", "1:4"),
        ("csv", "n,s\n1234567890,\"abcdefgh\"\n", "n,s\n1234567890,\"abcdefghi\"\n", "2:12"),
        ("csv", "abcdefghij\n1\n", "abcdefghijk\n1\n", "1:1"),
        ("tsv", "n\ts\n1234567890\tabcdefghij\n", "n\ts\n12345678901\tabcdefghij\n", "2:1"),
    ])
    func maxLengthInYAMLAndCSV(format: String, at: String, past: String, location: String) throws {
        for piped in [false, true] {
            let arguments = ["convert", "--from", format, "--to", "jsonl", "--max-length", "10"]
            let fine =
                piped
                ? try runShell("printf '%s' '\(at)' | \(CodableBinary.url.path) \(arguments.joined(separator: " "))")
                : try CodableBinary.run(arguments, stdin: at)
            #expect(fine.status == 0, "\(format) \(at): \(fine.stderr)")
            let failed =
                piped
                ? try runShell("printf '%s' '\(past)' | \(CodableBinary.url.path) \(arguments.joined(separator: " "))")
                : try CodableBinary.run(arguments, stdin: past)
            #expect(failed.status == 1, "\(format) \(past)")
            #expect(
                failed.stderr.hasPrefix("<stdin>:\(location): error: string or number longer than 10 bytes\n"),
                "\(format): \(failed.stderr)")
        }
    }

    @Test(arguments: ["0", "536870913", "-1"])
    func maxLengthOutOfRangeIsAUsageError(value: String) throws {
        let result = try CodableBinary.run(["convert", "--max-length=\(value)", "Samples/todos.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-length must be between 1 and 536870912."), "\(result.stderr)")
    }

    @Test func whereNestingIsLimitedTo64Levels() throws {
        func expression(_ depth: Int) -> String {
            String(repeating: "(", count: depth) + ".done == true" + String(repeating: ")", count: depth)
        }
        let at = try CodableBinary.run(["convert", "--to", "jsonl", "--where", expression(64), "Samples/todos.jsonl"])
        #expect(at.status == 0, "\(at.stderr)")
        #expect(!at.stdout.isEmpty)

        let past = try CodableBinary.run(["convert", "--to", "jsonl", "--where", expression(65), "Samples/todos.jsonl"])
        #expect(past.status == 2)
        #expect(past.stdout.isEmpty)
        #expect(past.stderr.hasPrefix("codable: error: --where: expression nested deeper than 64 levels (column 65)\n"))
    }

    @Test func whereIsLimitedTo256Connectives() throws {
        func expression(_ count: Int) -> String {
            Array(repeating: ".id == 1", count: count + 1).joined(separator: " or ")
        }
        let at = try CodableBinary.run(["convert", "--to", "jsonl", "--where", expression(256), "Samples/todos.jsonl"])
        #expect(at.status == 0, "\(at.stderr)")
        let past = try CodableBinary.run([
            "convert", "--to", "jsonl", "--where", expression(257), "Samples/todos.jsonl",
        ])
        #expect(past.status == 2)
        #expect(
            past.stderr.hasPrefix("codable: error: --where: more than 256 'and'/'or' operators (column"),
            "\(past.stderr)")
    }

    @Test func skippedRecordsAreReportedAsTheyComeAndOnlyCounted() throws {
        // 20 000 bad records: each is reported at once, nothing accumulates, the run finishes.
        var input = ""
        for index in 0..<20_000 { input += "{\"id\":\(index),\"due\":\"not a date\"}\n" }
        input += "{\"id\":-1,\"due\":\"2024-03-01T00:00:00Z\"}\n"
        let result = try CodableBinary.run(
            ["convert", "--from", "jsonl", "--to", "jsonl", "--date", "due=iso8601", "--on-error", "skip"], stdin: input
        )
        #expect(result.status == 1)
        #expect(result.stdout == "{\"id\":-1,\"due\":\"2024-03-01T00:00:00Z\"}\n")
        #expect(result.stderr.components(separatedBy: ": error: ").count - 1 >= 20_000)
    }
}
