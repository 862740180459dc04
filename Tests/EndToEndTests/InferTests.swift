import Foundation
import Testing

/// `codable infer` through the binary: where the source goes, standard input read twice,
/// determinism, and stability under a sample that fits.
@Suite struct InferTests {
    static let todos = CodableBinary.repositoryRoot.appendingPathComponent("Samples/todos.json").path

    @Test func outputFileHoldsWhatStandardOutputGets() throws {
        let printed = try CodableBinary.run(["infer", "--type", "Todo", Self.todos], stdin: "")
        #expect(printed.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("infer-\(getpid()).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try CodableBinary.run(["infer", "--type", "Todo", "-o", file.path, Self.todos], stdin: "")
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
    }

    @Test func standardInputIsCheckedLikeAFile() throws {
        let text = try String(contentsOfFile: Self.todos, encoding: .utf8)
        let fromFile = try CodableBinary.run(["infer", "--type", "Todo", Self.todos], stdin: "")
        let fromStdin = try CodableBinary.run(["infer", "--type", "Todo"], stdin: text)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stderr.isEmpty)
        #expect(fromStdin.stdout == fromFile.stdout)
    }

    @Test func sameSamplesSameBytesAndASampleThatFitsChangesNothing() throws {
        let samples = """
            {"id":1,"name":"a","at":"2024-03-01T09:00:00Z","tags":["x"],"owner":{"id":7}}
            {"id":2,"at":"2024-03-02T09:00:00Z","tags":[],"owner":{"id":8,"email":null}}

            """
        let first = try CodableBinary.run(["infer", "--type", "Row", "--from", "jsonl"], stdin: samples)
        let again = try CodableBinary.run(["infer", "--type", "Row", "--from", "jsonl"], stdin: samples)
        #expect(first.status == 0)
        #expect(again.stdout == first.stdout)
        let fitting =
            samples + #"{"id":3,"name":null,"at":"2025-01-01T00:00:00Z","tags":["y","z"],"owner":{"id":9}}"# + "\n"
        let more = try CodableBinary.run(["infer", "--type", "Row", "--from", "jsonl"], stdin: fitting)
        #expect(more.stdout == first.stdout)
        let misfit = samples + #"{"id":3.5,"at":"2025-01-01T00:00:00Z","tags":[],"owner":{"id":9}}"# + "\n"
        let changed = try CodableBinary.run(["infer", "--type", "Row", "--from", "jsonl"], stdin: misfit)
        #expect(changed.stdout != first.stdout)
        #expect(changed.stdout.contains("let id: Double"))
    }
}
