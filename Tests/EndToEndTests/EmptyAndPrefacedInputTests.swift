import Foundation
import Testing

/// Inputs with nothing in them, or with something before their first document: empty standard
/// input is an error as an empty file is; a YAML file with no document is `null` to `validate`,
/// as YAML loaders read it; a byte order mark after leading comments is no content.
@Suite struct EmptyAndPrefacedInputTests {
    private static let commands: [[String]] = [
        ["convert"],
        ["decode", "--model", "Samples/models/Todo.swift", "--type", "Todo"],
        ["validate", "--schema", "Samples/todo.schema.json"],
    ]

    @Test(arguments: ["", " \n\t\r\n"])
    func emptyStandardInputIsAnErrorAsAnEmptyFileIs(text: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("empty")
        try Data(text.utf8).write(to: file)
        for command in Self.commands {
            let piped = try CodableBinary.run(command, stdin: text)
            let named = try CodableBinary.run(command + [file.path])
            for result in [piped, named] {
                #expect(result.status == 1, "\(command): \(result.stderr)")
                #expect(
                    (result.stdout + result.stderr).contains(": error: empty input, expected a JSON value"),
                    "\(result.stderr)")
                #expect(!result.stdout.contains("[]"))
            }
        }
    }

    @Test func namedLineFormatsReadNothingAsNoRecords() throws {
        let result = try CodableBinary.run(["convert", "--from", "jsonl", "--to", "jsonl"], stdin: "")
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test(arguments: ["", "# nothing but a comment\n", "\n# two\n# comments\n"])
    func aYAMLFileWithNoDocumentIsNullToValidate(text: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.yaml")
        try Data(text.utf8).write(to: file)
        let nullable = directory.appendingPathComponent("nullable.schema.json")
        try Data(#"{"type": ["object", "null"]}"#.utf8).write(to: nullable)

        let object = try CodableBinary.run(["validate", "--schema", "Samples/todo.schema.json", file.path])
        #expect(object.status == 1)
        #expect(object.stdout.contains("config.yaml:1:1: error: expected object, found null"), "\(object.stdout)")
        #expect(object.stderr.hasPrefix("1 file, 1 record, 1 error in "))

        let accepted = try CodableBinary.run(["validate", "--schema", nullable.path, file.path])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stderr.hasPrefix("1 file, 1 record, 0 errors in "))

        let converted = try CodableBinary.run(["convert", "--to", "jsonl", file.path])
        #expect(converted.status == 0 && converted.stdout.isEmpty, "convert reads documents: there are none")
    }

    @Test func aByteOrderMarkAfterLeadingCommentsIsNoContent() throws {
        let text = Data("# generated\n# do not edit\n\u{FEFF}id: 7\nname: x\nage: old\n".utf8)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("marked.yaml")
        try text.write(to: file)
        let schema = directory.appendingPathComponent("age.schema.json")
        try Data(#"{"properties": {"age": {"type": "integer"}}}"#.utf8).write(to: schema)

        let converted = try CodableBinary.run(["convert", "--to", "jsonl", file.path])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == #"{"id":7,"name":"x","age":"old"}"# + "\n")

        let validated = try CodableBinary.run(["validate", "--schema", schema.path, file.path])
        #expect(validated.status == 1)
        #expect(
            validated.stdout.contains("marked.yaml:5:6: error: expected integer, found string"), "\(validated.stdout)")
    }
}
