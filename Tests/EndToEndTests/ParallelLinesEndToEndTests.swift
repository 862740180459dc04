import Foundation
import Testing

/// A `.jsonl` file is scanned in 1 MiB chunks on several threads, and `decode` to JSON Lines
/// decodes its batches on several threads, as `convert --date` to JSON Lines re-encodes them:
/// through the binary, records and problems several chunks into a file keep their order, their
/// `$[N]` and their `LINE:COL`.
@Suite struct ParallelLinesEndToEndTests {
    /// About 3.5 MB of records (so at least four chunks), record `bad` replaced by `line`.
    static func file(replacing bad: Int, with line: String) throws -> URL {
        let directory = try makeTemporaryDirectory()
        let text =
            (0..<40_000).map { index in
                index == bad
                    ? line
                    : "{\"id\":\(index),\"title\":\"record number \(index) of the file\",\"done\":\(index % 2 == 0)}"
            }.joined(separator: "\n") + "\n"
        let url = directory.appendingPathComponent("records.jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `convert --to jsonl --select id` of the file at `url`.
    static func selectIDs(of url: URL) throws -> CodableBinary.Result {
        try CodableBinary.run(["convert", "--to", "jsonl", "--select", "id", url.path])
    }

    /// What `selectIDs` writes for the records `ids`.
    static func idLines(_ ids: Range<Int>) -> String {
        ids.map { "{\"id\":\($0)}\n" }.joined()
    }

    @Test func recordsComeOutInOrderAndAProblemFarInIsPlacedExactly() throws {
        let url = try Self.file(replacing: 37_001, with: "{\"id\":37001,\"title\":17,\"done\":true}")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let converted = try Self.selectIDs(of: url)
        #expect(converted.status == 0)
        #expect(converted.stdout == Self.idLines(0..<40_000))

        let schema = url.deletingLastPathComponent().appendingPathComponent("record.schema.json")
        try #"{"properties": {"title": {"type": "string"}}}"#.write(to: schema, atomically: true, encoding: .utf8)
        let validated = try CodableBinary.run(["validate", "--report", "text", "--schema", schema.path, url.path])
        #expect(validated.status == 1)
        #expect(
            validated.stdout.hasPrefix(
                "\(url.path):37002:21: error: expected string, found number 17\n    at $[37001].title (schema /properties/title/type)\n"
            ))
    }

    @Test func aMalformedLineFarInStopsAfterTheRecordsBeforeIt() throws {
        let url = try Self.file(replacing: 30_000, with: "{\"id\":30000,\"title\":oops}")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try Self.selectIDs(of: url)
        #expect(result.status == 1)
        #expect(result.stdout == Self.idLines(0..<30_000))
        #expect(result.stderr.hasPrefix("\(url.path):30001:21: error: "))
    }

    /// Records 12345, 30001 and 39999 have a number for a title: a different batch each.
    static let badRecords: Set<Int> = [12_345, 30_001, 39_999]

    static func decodingFile() throws -> (records: URL, model: URL) {
        let directory = try makeTemporaryDirectory()
        let text =
            (0..<40_000).map { index in
                Self.badRecords.contains(index)
                    ? "{\"id\":\(index),\"title\":\(index),\"done\":true}"
                    : "{\"id\":\(index),\"title\":\"record number \(index) of the file\",\"done\":\(index % 2 == 0)}"
            }.joined(separator: "\n") + "\n"
        let records = directory.appendingPathComponent("records.jsonl")
        try text.write(to: records, atomically: true, encoding: .utf8)
        let model = directory.appendingPathComponent("Todo.swift")
        try "struct Todo: Codable { let id: Int; let title: String; let done: Bool }\n".write(
            to: model, atomically: true, encoding: .utf8)
        return (records, model)
    }

    static func decoded(_ indices: some Sequence<Int>) -> String {
        indices.map { "{\"id\":\($0),\"title\":\"record number \($0) of the file\",\"done\":\($0 % 2 == 0)}\n" }
            .joined()
    }

    @Test func decodeStopsAtTheFirstBadRecordAfterTheRecordsBeforeIt() throws {
        let (records, model) = try Self.decodingFile()
        defer { try? FileManager.default.removeItem(at: records.deletingLastPathComponent()) }
        let result = try CodableBinary.run([
            "decode", "--model", model.path, "--type", "Todo", "--to", "jsonl", records.path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout == Self.decoded(0..<12_345))
        #expect(
            result.stderr.hasPrefix(
                "\(records.path):12346:21: error: Expected to decode String but found number instead.\n    at $[12345].title\n"
            ))
    }

    @Test func decodeSkipsMalformedLinesAndBadRecordsInOrder() throws {
        let (records, model) = try Self.decodingFile()
        defer { try? FileManager.default.removeItem(at: records.deletingLastPathComponent()) }
        // Malformed lines around the records that do not decode, in other chunks and the same.
        let malformed: Set<Int> = [5_000, 12_344, 12_346, 20_000, 30_000, 39_998]
        var lines = try String(contentsOf: records, encoding: .utf8).split(separator: "\n").map(String.init)
        for index in malformed { lines[index] = "{\"id\":\(index),\"title\":oops}" }
        try (lines.joined(separator: "\n") + "\n").write(to: records, atomically: true, encoding: .utf8)
        let result = try CodableBinary.run([
            "decode", "--model", model.path, "--type", "Todo", "--to", "jsonl", "--on-error", "skip", records.path,
        ])
        #expect(result.status == 1)
        let skipped = malformed.union(Self.badRecords)
        #expect(result.stdout == Self.decoded((0..<40_000).filter { !skipped.contains($0) }))
        let places = result.stderr.split(separator: "\n").filter { $0.hasPrefix(records.path) }.map {
            Int($0.dropFirst(records.path.count + 1).prefix { $0 != ":" })! - 1
        }
        #expect(places == skipped.sorted())
        #expect(result.stderr.hasSuffix("codable: error: 9 records skipped (--on-error skip)\n"))
    }

    @Test(arguments: ["jsonl", "json-seq"])
    func decodeSkipsBadRecordsInOrder(to framing: String) throws {
        let (records, model) = try Self.decodingFile()
        defer { try? FileManager.default.removeItem(at: records.deletingLastPathComponent()) }
        let result = try CodableBinary.run([
            "decode", "--model", model.path, "--type", "Todo", "--to", framing, "--on-error", "skip", records.path,
        ])
        #expect(result.status == 1)
        let expected = Self.decoded((0..<40_000).filter { !Self.badRecords.contains($0) })
        #expect(
            result.stdout
                == (framing == "jsonl" ? expected : expected.split(separator: "\n").map { "\u{1E}\($0)\n" }.joined()))
        let places = result.stderr.split(separator: "\n").filter { $0.hasPrefix(records.path) }.map {
            $0.dropFirst(records.path.count + 1).prefix { $0 != ":" }
        }
        #expect(places == ["12346", "30002", "40000"])
    }

    /// About 2.2 MB of records (three 1 MiB chunks), each with a date `at` in epoch seconds
    /// (`index * 1000`), but record `bad`'s, which is a word.
    static func datedFile(bad: Int?) throws -> URL {
        let directory = try makeTemporaryDirectory()
        let text =
            (0..<40_000).map { index in
                "{\"id\":\(index),\"at\":\(index == bad ? "\"soon\"" : String(index * 1000)),\"note\":\"record number \(index)\"}"
            }.joined(separator: "\n") + "\n"
        let url = directory.appendingPathComponent("dated.jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// What `convert --date at=seconds --output-dates iso8601` writes for the records `ids`.
    static func reencoded(_ ids: Range<Int>, framing: String) -> String {
        let formatter = ISO8601DateFormatter()
        return ids.map { index in
            let line =
                "{\"id\":\(index),\"at\":\"\(formatter.string(from: Date(timeIntervalSince1970: Double(index * 1000))))\",\"note\":\"record number \(index)\"}\n"
            return framing == "json-seq" ? "\u{1E}" + line : line
        }.joined()
    }

    @Test(arguments: ["jsonl", "json-seq"])
    func convertReencodesDatesOfEveryBatchInOrder(to framing: String) throws {
        let url = try Self.datedFile(bad: nil)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try CodableBinary.run([
            "convert", "--to", framing, "--date", "at=seconds", "--output-dates", "iso8601", url.path,
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == Self.reencoded(0..<40_000, framing: framing))
    }

    @Test func convertStopsAtABadDateFarInAfterTheRecordsBeforeIt() throws {
        let url = try Self.datedFile(bad: 30_001)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try CodableBinary.run([
            "convert", "--to", "jsonl", "--date", "at=seconds", "--output-dates", "iso8601", url.path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout == Self.reencoded(0..<30_001, framing: "jsonl"))
        #expect(
            result.stderr.hasPrefix(
                "\(url.path):30002:18: error: Expected to decode Double but found a string instead. (value \"soon\")\n    at $[30001].at\n"
            ))
    }
}
