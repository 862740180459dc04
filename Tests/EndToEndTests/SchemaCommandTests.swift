import Foundation
import Testing

/// `codable schema`: the generated schema is itself valid (`validate --check-schema`), and
/// `validate --schema` with it gives every sample record the verdict `decode` gives it.
@Suite struct SchemaCommandTests {
    /// A model of `Samples/`, the options it is read with, and sample records.
    struct Sample: Sendable, CustomTestStringConvertible {
        var type: String
        var options: [String]
        var records: [String]
        var testDescription: String { "\(type) \(options.joined(separator: " "))" }
    }

    static let samples: [Sample] = [
        Sample(
            type: "Book", options: [],
            records: ["Samples/decode/books.json", "Samples/decode/books-broken.jsonl"]),
        Sample(
            type: "SyncUp", options: [],
            records: ["Samples/decode/syncups.json", "Samples/decode/syncups-broken.jsonl"]),
        Sample(
            type: "Todo", options: [],
            records: ["Samples/todos.json", "Samples/todos.jsonl", "Samples/decode/todos-broken.jsonl"]),
        Sample(type: "Page<Member>", options: ["--dates", "iso8601"], records: ["Samples/page.json"]),
        Sample(type: "Page<Member>", options: ["--dates", "iso8601", "--draft", "7"], records: ["Samples/page.json"]),
        Sample(type: "Page<Member>", options: [], records: ["Samples/page.json"]),
    ]

    @Test(arguments: samples)
    func validateAgreesWithDecode(_ sample: Sample) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try CodableBinary.run(
            ["schema", "--model", "Samples/models", "--type", sample.type] + sample.options)
        #expect(generated.status == 0, "\(generated.stderr)")
        let schema = directory.appendingPathComponent("schema.json").path
        try Data(generated.stdout.utf8).write(to: URL(fileURLWithPath: schema))

        let check = try CodableBinary.run(["validate", "--check-schema", "--schema", schema, "Samples/todos.jsonl"])
        #expect(check.stderr.contains("valid against its metaschema"), "\(check.stderr)")

        let dateOptions = sample.options.contains("iso8601") ? ["--dates", "iso8601"] : []
        for file in sample.records {
            let decoded = try CodableBinary.run(
                ["validate", "--model", "Samples/models", "--type", sample.type, "--report", "json", file] + dateOptions
            )
            let validated = try CodableBinary.run(
                ["validate", "--schema", schema, "--each", "--report", "json", file])
            #expect(decoded.status == validated.status, "\(file): \(decoded.stdout) \(validated.stdout)")
            #expect(failingRecords(decoded.stdout) == failingRecords(validated.stdout), "\(file)")
        }
    }

    /// The records a `--report json` names, by line.
    private func failingRecords(_ report: String) -> Set<Int> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any] else {
            return []
        }
        var lines = Set<Int>()
        for file in object["files"] as? [[String: Any]] ?? [] {
            for problem in file["problems"] as? [[String: Any]] ?? [] {
                if let record = problem["record"] as? Int { lines.insert(record) }
            }
        }
        return lines
    }

    @Test func aCommittedSchemaThatDriftedIsReportedWhereItDiffers() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "Book"])
        let path = directory.appendingPathComponent("book.schema.json").path
        // Key order and number spelling do not count.
        let reordered = generated.stdout.replacingOccurrences(
            of: #""minimum": -9223372036854775808"#, with: #""minimum": -9.223372036854775808e18"#)
        try Data(reordered.utf8).write(to: URL(fileURLWithPath: path))
        let same = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "Book", "--check", path])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stderr.isEmpty)

        let drifted = generated.stdout.replacingOccurrences(of: #""audio""#, with: #""audiobook""#)
        try Data(drifted.utf8).write(to: URL(fileURLWithPath: path))
        let result = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "Book", "--check", path])
        #expect(result.status == 1)
        let line = drifted.components(separatedBy: "\n").firstIndex { $0.contains(#""audiobook""#) }! + 1
        #expect(
            result.stderr.contains(
                #"\#(path):\#(line):9: error: differs from the generated schema: expected "audio", found "audiobook""#),
            "\(result.stderr)")
        #expect(result.stderr.contains("    at /$defs/Book.Format/enum/3\n"))
        #expect(result.stdout.isEmpty)
    }

    @Test func outputGoesToTheFileAtomically() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("book.schema.json").path
        let written = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "Book", "-o", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let printed = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "Book"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)

        // A type with no schema leaves the file as it was.
        let failed = try CodableBinary.run(["schema", "--model", "Samples/models", "--type", "NoSuchType", "-o", path])
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)
        let both = try CodableBinary.run([
            "schema", "--model", "Samples/models", "--type", "Book", "-o", path, "--check", path,
        ])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--output and --check do not go together"), "\(both.stderr)")
    }
}
