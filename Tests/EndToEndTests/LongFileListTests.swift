import Foundation
import Testing

/// Command lines with hundreds of files (as pre-commit and `xargs` give them) read every file,
/// in order, with options anywhere among them, as short ones do.
@Suite struct LongFileListTests {
    @Test func hundredsOfFilesWithOptionsAmongThem() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var names: [String] = []
        for index in 0..<300 {
            let name = directory.appendingPathComponent("r\(index).json").path
            try Data(#"{"i": \#(index)}"#.utf8).write(to: URL(fileURLWithPath: name))
            names.append(name)
        }
        let converted = try CodableBinary.run(
            ["convert"] + names[..<100] + ["--to", "jsonl", "--select", "i"] + names[100...] + ["--", "-"],
            stdin: Data(#"{"i": "stdin"}"#.utf8))
        #expect(converted.status == 0, "\(converted.stderr)")
        let expected = (0..<300).map { #"{"i":\#($0)}"# } + [#"{"i":"stdin"}"#]
        #expect(converted.stdout.split(separator: "\n").map(String.init) == expected)

        let schema = directory.appendingPathComponent("s.json")
        try Data(#"{"properties": {"i": {"maximum": 297}}}"#.utf8).write(to: schema)
        let validated = try CodableBinary.run(
            ["validate", "--report", "github"] + names[..<150] + ["--schema", schema.path, "-q"] + names[150...])
        #expect(validated.status == 1)
        let validatedLoud = try CodableBinary.run(
            ["validate", "--report", "github"] + names[..<150] + ["--schema=\(schema.path)"] + names[150...])
        #expect(validatedLoud.stdout.split(separator: "\n").count == 2)
        #expect(validatedLoud.stderr.hasPrefix("300 files, 300 records, 2 errors in "), "\(validatedLoud.stderr)")
    }
}
