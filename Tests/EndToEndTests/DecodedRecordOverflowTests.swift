import Foundation
import Testing

/// `decode` holds a record's output until the record has decoded (one that fails leaves
/// nothing), so a huge record's bytes past 256 KiB wait in a temporary file in `$TMPDIR`
/// (`OutputOverflow`), not in memory. The output is the same as with no `$TMPDIR` to write in
/// (kept in memory), on every path a decoded record takes: JSON Lines (decoded on every core),
/// a lone JSON value (checked, then written), CSV and `--select` (the decoded records read back
/// as a batch), and a huge record that fails and is skipped. Nothing is left in `$TMPDIR`.
@Suite struct DecodedRecordOverflowTests {
    /// A small record, one of about 500 KB (a `[String: Int]` of 30 000 values and a list of
    /// items), and another small one; with `badHuge`, the huge one has a string among its values.
    private static func input(badHuge: Bool) -> String {
        let values = (0..<30_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let items = (0..<3_000).map { "{\"id\":\($0),\"name\":\"n\($0)\"}" }.joined(separator: ",")
        let bad = badHuge ? ",\"bad\":\"x\"" : ""
        return "{\"id\":1,\"values\":{\"a\":1},\"items\":[]}\n"
            + "{\"id\":2,\"values\":{\(values)\(bad)},\"items\":[\(items)]}\n"
            + "{\"id\":3,\"values\":{\"b\":2},\"items\":[{\"id\":9,\"name\":\"z\"}]}\n"
    }

    private static let model = """
        struct Row: Codable {
            var id: Int
            var values: [String: Int]
            var items: [Item]
        }
        struct Item: Codable {
            var id: Int
            var name: String
        }
        """

    @Test(arguments: [
        ["--to", "jsonl"], ["--to", "json"], ["--to", "csv"], ["--select", "id,items", "--to", "jsonl"],
        ["--to", "jsonl", "--on-error", "skip"], ["--to", "csv", "--on-error", "skip"],
    ])
    func theOutputIsTheSameWithTheRecordInAFileOrInMemory(options: [String]) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let badHuge = options.contains("skip")
        let input = directory.appendingPathComponent("rows.jsonl")
        try Self.input(badHuge: badHuge).write(to: input, atomically: true, encoding: .utf8)
        let model = directory.appendingPathComponent("Row.swift")
        try Self.model.write(to: model, atomically: true, encoding: .utf8)
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let arguments = ["decode", "--model", model.path, "--type", "Row"] + options + [input.path]
        let spilled = try CodableBinary.run(arguments, environment: ["TMPDIR": temporary.path])
        let inMemory = try CodableBinary.run(
            arguments, environment: ["TMPDIR": directory.appendingPathComponent("absent").path])
        let status: Int32 = badHuge ? 1 : 0
        #expect(spilled.status == status, "\(spilled.stderr.prefix(300))")
        #expect(inMemory.status == status, "\(inMemory.stderr.prefix(300))")
        let same = spilled.stdout == inMemory.stdout  // not compared in the expectation: megabytes
        #expect(same, "\(options): \(spilled.stdout.utf8.count) bytes against \(inMemory.stdout.utf8.count)")
        #expect(spilled.stderr == inMemory.stderr)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        // What it says, checked on the small records around the huge one.
        let lines = spilled.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        if options.contains("csv") {
            #expect(lines.count == (badHuge ? 4 : 5), "\(lines.count) lines")  // header, rows, final empty
            #expect(lines.first == "id,values.a,items" && lines.last == "" && lines[lines.count - 2].hasPrefix("3,"))
            // Each of the huge record's 30 000 keys is noted as no column, in order (placed in
            // one walk down the record, not each from its root, which would take minutes).
            let notes = spilled.stderr.split(separator: "\n").filter { $0.contains("is not a column") }
            #expect(notes.count == (badHuge ? 1 : 30_001))
            if !badHuge {
                #expect(
                    notes.first?.contains("$[1].values.k0 is not") == true
                        && notes[29_999].contains("$[1].values.k29999 is not"))
            }
            #expect(notes.last?.contains("$[2].values.b is not") == true)
        } else if options.contains("--select") {
            #expect(lines.count == 4 && lines[2] == "{\"id\":3,\"items\":[{\"id\":9,\"name\":\"z\"}]}")
        } else if options.contains("jsonl") {
            #expect(lines.count == (badHuge ? 3 : 4))
            #expect(lines[0] == "{\"id\":1,\"values\":{\"a\":1},\"items\":[]}")
            #expect(lines[badHuge ? 1 : 2] == "{\"id\":3,\"values\":{\"b\":2},\"items\":[{\"id\":9,\"name\":\"z\"}]}")
            if !badHuge { #expect(lines[1].utf8.count > 300_000) }
        } else {
            #expect(spilled.stdout.hasPrefix("[{\"id\":1,") && spilled.stdout.hasSuffix("\"name\":\"z\"}]}]\n"))
        }
        if badHuge { #expect(spilled.stderr.contains("$[1].values.bad"), "\(spilled.stderr.prefix(300))") }
    }

    /// A problem the CSV writer finds in a decoded record is placed at its input record, whether
    /// the record's batch was kept to place it later (small records) or its records were placed
    /// as they decoded and the batch let go (records of 64 KiB or more on average).
    @Test(arguments: [3, 100_000])
    func aDecodedRecordIsPlacedAtItsInputRecordWhateverItsSize(length: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("Unused.swift")
        try "struct Unused: Codable {}\n".write(to: model, atomically: true, encoding: .utf8)
        let stdin = "\n\n  \"" + String(repeating: "x", count: length) + "\"\n"
        let result = try CodableBinary.run(
            ["decode", "--model", model.path, "--type", "String", "--to", "csv"], stdin: stdin)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.first
                == "<stdin>:3:3: error: a CSV row needs an object (its fields) or an array (its elements), not a string"
        )
        #expect(lines.dropFirst().first == "    at $[0]")
        #expect(result.stdout.isEmpty)
    }

    /// A lone JSON value (checked first, then written when no second value comes) that is huge.
    @Test func aLoneHugeValueIsWrittenOnce() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("one.json")
        let values = (0..<30_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = "{\"id\":2,\"values\":{\(values)},\"items\":[]}"
        try text.write(to: input, atomically: true, encoding: .utf8)
        let model = directory.appendingPathComponent("Row.swift")
        try Self.model.write(to: model, atomically: true, encoding: .utf8)
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let result = try CodableBinary.run(
            ["decode", "--model", model.path, "--type", "Row", input.path], environment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let same = result.stdout == text + "\n"
        #expect(same, "\(result.stdout.utf8.count) bytes out, \(text.utf8.count + 1) expected")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
