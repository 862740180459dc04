import Foundation
import Testing

/// `validate` reports every problem: a malformed JSON Lines line, json-seq record or CSV row is
/// one, in its place among the others, and the checking goes on at the next record.
@Suite struct ValidateMalformedRecordsTests {
    static let schema = CodableBinary.repositoryRoot.appendingPathComponent("Samples/todo.schema.json").path

    @Test func malformedLinesAreReportedInPlaceAndTheRestChecked() throws {
        let lines = [
            #"{"id": 1, "title": "ok", "done": true}"#,
            #"{"id": 2, "title": oops}"#,
            #"{"id": 3, "title": 3, "done": true}"#,
            #"{"id": 4,,}"#,
            #"{"id": 5, "title": "ok", "done": false}"#,
        ]
        let result = try CodableBinary.run(
            ["validate", "--from", "jsonl", "--schema", Self.schema, "--report", "json"],
            stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(file["records"] as? Int == 5)
        let problems = try #require(file["problems"] as? [[String: Any]])
        #expect(problems.map { $0["line"] as? Int } == [2, 3, 4])
        #expect(problems.map { $0["rule"] as? String } == ["syntax", "type", "syntax"])
    }

    @Test func aWrongRowLengthIsReportedAndTheRestChecked() throws {
        let result = try CodableBinary.run(
            ["validate", "--from", "csv", "--schema", Self.schema, "--report", "text"],
            stdin: "id,title,done\n1,ok,true\n2,short\n3,ok,false\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<stdin>:3:8: error: row has 2 fields, the header has 3\n"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("1 file, 3 records, 1 error"), "\(result.stderr)")
    }

    @Test func problemsSeveralChunksApartKeepTheirOrder() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // About 3.5 MB (several 1 MiB chunks, checked in parallel).
        let malformed: Set<Int> = [5_000, 12_346, 30_000]
        let invalid: Set<Int> = [12_345, 30_001]
        let text =
            (0..<40_000).map { index in
                malformed.contains(index)
                    ? #"{"id":\#(index),"title":oops}"#
                    : #"{"id":\#(index + 1),"title":\#(invalid.contains(index) ? "7" : "\"record number \(index) of the file\""),"done":true}"#
            }.joined(separator: "\n") + "\n"
        let url = directory.appendingPathComponent("records.jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let result = try CodableBinary.run(["validate", "--schema", Self.schema, "--report", "text", url.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix(url.path) }.map {
            Int($0.dropFirst(url.path.count + 1).prefix { $0 != ":" })! - 1
        }
        #expect(lines == malformed.union(invalid).sorted())
        #expect(result.stderr.hasPrefix("1 file, 40000 records, 5 errors"), "\(result.stderr)")
    }
}
