import Foundation
import Testing

/// A YAML file whose one document is a sequence: a scan of the file before parsing proves that
/// no second document follows, so its items are handed on as they are read, in constant memory
/// (`Scripts/memory.sh` measures it); from a pipe, which cannot be scanned first, the sequence
/// is held until the end. Both give the same records, the same error and the same status.
@Suite struct YAMLSequenceStreamingTests {
    /// `convert --to jsonl` of `text` from a file and from standard input.
    private static func fromFileAndPipe(_ text: String, _ arguments: [String] = []) throws -> (file: CodableBinary.Result, pipe: CodableBinary.Result) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("list.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CodableBinary.run(["convert", "--to", "jsonl"] + arguments + [file.path])
        let fromPipe = try CodableBinary.run(["convert", "--from", "yaml", "--to", "jsonl"] + arguments, stdin: text)
        return (fromFile, fromPipe)
    }

    /// 60,000 items (about 3 MB: several batches and source windows), then a bad one.
    @Test func aLongSequenceWithAnErrorAtItsEnd() throws {
        let count = 60_000
        var text = (0..<count).map { "- {id: \($0), name: \"user \($0)\", tags: [a, b]}\n" }.joined()
        text += "- {id: [oops\n"
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 1 && pipe.status == 1)
        #expect(file.stdout == pipe.stdout)
        let lines = file.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines[54_321] == #"{"id":54321,"name":"user 54321","tags":["a","b"]}"#)
        #expect(file.stderr.contains(":\(count + 2):1: error: while parsing a flow sequence"), "\(file.stderr.prefix(300))")
        #expect(file.stderr.replacing(#/\S+list\.yaml:/#, with: "<stdin>:") == pipe.stderr)
    }

    @Test(arguments: [
        "---\n- &base {a: 1}\n- {<<: *base, b: 2}\n- *base\n...\n",
        "# people\n- name: Ann\n  age: 31\n- name: Bob\n  age: 42\n",
        "[1, [2, 3], {four: 4}]\n",
        "- a\n---\n- b\n",
        "- only\n...\n# done\n",
    ])
    func fileAndPipeAgree(text: String) throws {
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == pipe.stdout)
        #expect(!file.stdout.isEmpty)
    }

    /// Validation numbers the items like a JSON array's elements, from a file as from a pipe.
    @Test func itemsAreNumberedInReports() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try #"{"type": "object", "required": ["id"]}"#.write(to: schema, atomically: true, encoding: .utf8)
        let text = (0..<5_000).map { "- {id: \($0)}\n" }.joined() + "- {name: x}\n"
        let yaml = directory.appendingPathComponent("items.yaml")
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        let fromFile = try CodableBinary.run(["validate", "--schema", schema.path, yaml.path])
        let fromPipe = try CodableBinary.run(["validate", "--schema", schema.path, "--from", "yaml"], stdin: text)
        #expect(fromFile.status == 1 && fromPipe.status == 1)
        let problem = ":5001:3: error: missing required property \"id\"\n    at $[5000] (schema /required)\n"
        #expect(fromFile.stdout.contains(yaml.path + problem), "\(fromFile.stdout.prefix(300))")
        #expect(fromPipe.stdout.contains("<stdin>" + problem), "\(fromPipe.stdout.prefix(300))")
    }
}
