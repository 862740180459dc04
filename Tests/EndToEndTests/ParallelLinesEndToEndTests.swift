import Foundation
import Testing

/// A `.jsonl` file is scanned in 1 MiB chunks on several threads: through the binary, records
/// and problems several chunks into a file keep their order, their `$[N]` and their `LINE:COL`.
@Suite struct ParallelLinesEndToEndTests {
    /// About 3.5 MB of records (so at least four chunks), record `bad` replaced by `line`.
    static func file(replacing bad: Int, with line: String) throws -> URL {
        let directory = try makeTemporaryDirectory()
        let text = (0..<40_000).map { index in
            index == bad ? line : "{\"id\":\(index),\"title\":\"record number \(index) of the file\",\"done\":\(index % 2 == 0)}"
        }.joined(separator: "\n") + "\n"
        let url = directory.appendingPathComponent("records.jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func recordsComeOutInOrderAndAProblemFarInIsPlacedExactly() throws {
        let url = try Self.file(replacing: 37_001, with: "{\"id\":37001,\"title\":17,\"done\":true}")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let converted = try CodableBinary.run(["convert", "--to", "jsonl", "--select", "id", url.path])
        #expect(converted.status == 0)
        #expect(converted.stdout == (0..<40_000).map { "{\"id\":\($0)}\n" }.joined())

        let schema = url.deletingLastPathComponent().appendingPathComponent("record.schema.json")
        try #"{"properties": {"title": {"type": "string"}}}"#.write(to: schema, atomically: true, encoding: .utf8)
        let validated = try CodableBinary.run(["validate", "--report", "text", "--schema", schema.path, url.path])
        #expect(validated.status == 1)
        #expect(validated.stdout.hasPrefix("\(url.path):37002:21: error: expected string, found number 17\n    at $[37001].title (schema /properties/title/type)\n"))
    }

    @Test func aMalformedLineFarInStopsAfterTheRecordsBeforeIt() throws {
        let url = try Self.file(replacing: 30_000, with: "{\"id\":30000,\"title\":oops}")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try CodableBinary.run(["convert", "--to", "jsonl", "--select", "id", url.path])
        #expect(result.status == 1)
        #expect(result.stdout == (0..<30_000).map { "{\"id\":\($0)}\n" }.joined())
        #expect(result.stderr.hasPrefix("\(url.path):30001:21: error: "))
    }
}
