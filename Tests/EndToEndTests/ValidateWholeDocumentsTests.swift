import Foundation
import Testing

/// A document is the unit a schema describes: `validate --schema` checks each JSON text and YAML
/// document whole, `--each` checks a top-level array's (or YAML sequence's) elements one by one,
/// and with `--model` the type says which (`T` per element, `[T]` the whole array).
@Suite struct ValidateWholeDocumentsTests {
    /// Runs `validate` in a folder holding `files`, with `DIR/` in `arguments` naming that folder.
    private func validate(_ arguments: [String], files: [String: String]) throws -> CodableBinary.Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return try CodableBinary.run(
            arguments.map { $0.replacingOccurrences(of: "DIR/", with: directory.path + "/") })
    }

    private static let objectSchema = ["object.schema.json": #"{"type": "object"}"#]

    @Test(arguments: [
        ("d.json", #"[{"a": 1}]"#, "d.json:1:1: error: expected object, found array of 1 item"),
        ("d.yaml", "- a: 1\n- a: 2\n", "d.yaml:1:1: error: expected object, found array of 2 items"),
    ])
    func aListDocumentIsJudgedWhole(name: String, text: String, problem: String) throws {
        let files = Self.objectSchema.merging([name: text]) { $1 }
        let whole = try validate(["validate", "--schema", "DIR/object.schema.json", "DIR/" + name], files: files)
        #expect(whole.status == 1)
        #expect(whole.stdout.contains(problem), "\(whole.stdout)")
        #expect(whole.stderr.hasPrefix("1 file, 1 record, 1 error in "))

        let each = try validate(
            ["validate", "--schema", "DIR/object.schema.json", "--each", "DIR/" + name], files: files)
        #expect(each.status == 0, "\(each.stdout)\(each.stderr)")
        #expect(
            each.stderr.hasPrefix(
                name.hasSuffix(".json") ? "1 file, 1 record, 0 errors" : "1 file, 2 records, 0 errors"))
    }

    @Test func aSchemaForTheWholeListAcceptsIt() throws {
        let files = [
            "list.schema.json": #"{"type": "array", "items": {"type": "object"}, "minItems": 2}"#,
            "d.json": #"[{"a": 1}, {"a": 2}]"#,
        ]
        let result = try validate(["validate", "--schema", "DIR/list.schema.json", "DIR/d.json"], files: files)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("1 file, 1 record, 0 errors in "))
    }

    @Test func eachJSONLinesLineIsOneDocument() throws {
        let files = Self.objectSchema.merging(["d.jsonl": "{\"a\": 1}\n[{\"a\": 2}]\n"]) { $1 }
        for extra in [[], ["--each"]] {
            let result = try validate(
                ["validate", "--schema", "DIR/object.schema.json"] + extra + ["DIR/d.jsonl"], files: files)
            #expect(result.status == 1)
            #expect(result.stdout.contains("d.jsonl:2:1: error: expected object, found array of 1 item"))
            #expect(result.stderr.hasPrefix("1 file, 2 records, 1 error in "))
        }
    }

    @Test func theModelTypeSaysWhetherTheArrayIsTheRecord() throws {
        let files = [
            "Row.swift": "struct Row: Codable { let id: Int }\n",
            "d.json": #"[{"id": 1}, {"id": "two"}]"#,
        ]
        let each = try validate(["validate", "--model", "DIR/Row.swift", "--type", "Row", "DIR/d.json"], files: files)
        #expect(each.status == 1)
        #expect(each.stdout.contains("at $[1].id"), "\(each.stdout)")
        #expect(each.stderr.hasPrefix("1 file, 2 records, 1 error in "))

        let whole = try validate(
            ["validate", "--model", "DIR/Row.swift", "--type", "[Row]", "DIR/d.json"], files: files)
        #expect(whole.status == 1)
        #expect(whole.stdout.contains("at $[1].id"), "\(whole.stdout)")
        #expect(whole.stderr.hasPrefix("1 file, 1 record, 1 error in "))
    }

    @Test func eachNeedsASchema() throws {
        let files = ["Row.swift": "struct Row: Codable { let id: Int }\n", "d.json": "[]"]
        let result = try validate(
            ["validate", "--model", "DIR/Row.swift", "--type", "Row", "--each", "DIR/d.json"], files: files)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--each goes with --schema"))
    }
}
