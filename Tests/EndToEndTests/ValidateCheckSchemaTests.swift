import Foundation
import Testing

/// `validate --check-schema`: the schema, and the files its `$ref`s name, against the metaschema
/// of the draft its `$schema` names; problems at their line and column, status 2, and no data
/// checked when there is one.
@Suite struct ValidateCheckSchemaTests {
    private func run(_ arguments: [String], files: [String: String], stdin: String = "") throws -> CodableBinary.Result
    {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try CodableBinary.run(arguments, stdin: Data(stdin.utf8), in: directory)
    }

    @Test func aValidSchemaSaysSoAndTheDataIsChecked() throws {
        let result = try CodableBinary.run(
            ["validate", "--check-schema", "--schema", "Samples/todo.schema.json", "Samples/validate/todos-ok.jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Samples/todo.schema.json: valid against its metaschema\n"))
        #expect(result.stderr.contains("1 file, 3 records, 0 errors"))
    }

    @Test func problemsInTheSchemaAndTheFilesItNamesAreLocated() throws {
        let schema = """
            {
              "$schema": "http://json-schema.org/draft-07/schema#",
              "type": "objekt",
              "properties": {"b": {"$ref": "other.json#/definitions/x"}}
            }
            """
        let other = #"{"definitions": {"x": {"minLength": -1}}}"#
        let result = try run(
            ["validate", "--check-schema", "--schema", "s.json", "d.json"],
            files: ["s.json": schema, "other.json": other, "d.json": "{}"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                #"s.json:3:11: error: string "objekt" matches none of the 2 alternatives in "anyOf""#))
        #expect(result.stderr.contains("    at #/type (metaschema /$ref/properties/type/anyOf)"))
        #expect(result.stderr.contains("other.json:1:37: error: -1 is less than the minimum 0"), "\(result.stderr)")
        #expect(result.stdout.isEmpty && !result.stderr.contains("1 file,"), "no data is checked")
    }

    /// The draft comes from `$schema`: a boolean `exclusiveMaximum` is draft-04's, a number is
    /// 2020-12's.
    @Test func eachDraftHasItsOwnMetaschema() throws {
        let draft4 = #"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 3, "exclusiveMaximum": true}"#
        let current = #"{"maximum": 3, "exclusiveMaximum": true}"#
        let old = try run(["validate", "--check-schema", "--schema", "s.json"], files: ["s.json": draft4])
        #expect(old.status == 0, "\(old.stderr)")
        let new = try run(["validate", "--check-schema", "--schema", "s.json"], files: ["s.json": current])
        #expect(new.status == 2)
        #expect(new.stderr.contains("s.json:1:36: error: expected number, found boolean true"), "\(new.stderr)")
    }

    @Test func itGoesWithASchema() throws {
        let result = try CodableBinary.run([
            "validate", "--check-schema", "--model", "Samples/models/Todo.swift", "--type", "Todo",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--check-schema goes with --schema."))
    }
}
