import Foundation
import Testing

/// `codable validate` with no `--schema` or `--model` reads the nearest `.codable.yaml`: its
/// rules map file patterns to schemas and models, named files are matched against them (as
/// pre-commit passes them), and a problem in the config is an error at its line and column.
@Suite struct ValidateConfigTests {
    /// A repository: `.codable.yaml`, a schema, a model, and good and bad data in folders.
    private static func repository(config: String = Self.config) throws -> URL {
        let root = try makeTemporaryDirectory()
        let files: [String: String] = [
            ".codable.yaml": config,
            "schemas/config.json":
                #"{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#,
            "Models/Todo.swift": "struct Todo: Codable { let id: Int }\n",
            "config/a.yaml": "name: a\n",
            "config/deep/er/b.yaml": "name: 3\n",
            "Fixtures/todos.json": #"[{"id": 1}, {"id": "x"}]"#,
            "declared.json": #"{"$schema": "schemas/config.json", "name": 1}"#,
            "loose.json": #"{"name": 1}"#,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private static let config = """
        # checks for this repository
        validate:
          - files: "config/**/*.yaml"
            schema: schemas/config.json
          - files: ["Fixtures/*.json", "Fixtures/*.jsonl"]
            model: Models
            type: Todo
        """

    @Test func withNoFilesEachRuleChecksItsFiles() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CodableBinary.run(["validate", "--report", "github"], in: root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("::error file=config/deep/er/b.yaml,line=1,col=7,title=type at $[0].name::"))
        #expect(
            result.stdout.contains("::error file=Fixtures/todos.json,line=1,col=20,title=typeMismatch at $[1].id::"))
        #expect(result.stderr.hasPrefix("3 files, 4 records, 2 errors in "), "\(result.stderr)")
    }

    @Test func namedFilesAreMatchedAgainstTheRules() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CodableBinary.run(
            ["validate", "config/a.yaml", "./Fixtures/todos.json", "declared.json", "loose.json"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Fixtures/todos.json:1:20: error: Expected to decode Int"))
        #expect(
            result.stdout.contains("declared.json:1:44: error: expected string, found number 1"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "loose.json: note: unchecked: no rule of .codable.yaml matches it, and it names no $schema"))
        #expect(result.stderr.contains("3 files, 4 records, 2 errors in "), "\(result.stderr)")

        let strict = try CodableBinary.run(["validate", "--strict", "config/a.yaml", "loose.json"], in: root)
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("loose.json: error: unchecked: no rule of .codable.yaml matches it"))
        #expect(strict.stderr.contains("1 file is not covered by .codable.yaml (--strict)"))
        #expect(strict.stdout.isEmpty, "nothing is checked")
    }

    @Test func theConfigAboveTheCurrentFolderIsFound() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CodableBinary.run(["validate", "er/b.yaml"], in: root.appendingPathComponent("config/deep"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("er/b.yaml:1:7: error: expected string, found number 3"), "\(result.stdout)")
    }

    @Test(arguments: [
        ("validate:\n  - files: a\n    shema: s.json\n", ".codable.yaml:3:5: error: unknown key 'shema'"),
        ("validat: []\n", ".codable.yaml:1:1: error: unknown key 'validat'"),
        ("validate:\n  - schema: schemas/config.json\n", ".codable.yaml:2:5: error: a rule needs 'files'"),
        (
            "validate:\n  - files: a\n    schema: nothere.json\n",
            ".codable.yaml:3:13: error: 'schema': no such file or folder: nothere.json"
        ),
        ("validate:\n  - files: a\n    model: Models\n", ".codable.yaml:2:5: error: model needs type NAME"),
        ("validate:\n  - files: a\n    each: 1\n", ".codable.yaml:3:11: error: 'each' is true or false"),
        ("validate: [\n", ".codable.yaml:2:1: error: while parsing a flow node"),
        (
            "validate:\n  - files: [\"config/[ab.yaml\"]\n    schema: schemas/config.json\n",
            ".codable.yaml:2:12: error: 'files': a '[' is not closed: config/[ab.yaml"
        ),
        (
            "validate:\n  - files: config**/*.yaml\n    schema: schemas/config.json\n",
            ".codable.yaml:2:12: error: 'files': '**' stands alone between slashes"
        ),
    ])
    func problemsInTheConfigAreLocated(config: String, message: String) throws {
        let root = try Self.repository(config: config)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CodableBinary.run(["validate"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func withoutAConfigTheCommandNamesWhatItNeeds() throws {
        let empty = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try CodableBinary.run(["validate", "x.json"], in: empty)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("--schema FILE, or --model FILE.swift with --type NAME (or write a .codable.yaml)"))
    }

    @Test func howToCheckGoesInTheRules() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CodableBinary.run(["validate", "--each"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("options that say how to check go in its rules"))
    }
}
