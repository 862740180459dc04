import Foundation
import Testing

/// A full disk in the middle of a run (a file-size limit set with `ulimit -f`): status 3 with
/// a message, `-o`'s target untouched, no temporary file left, never a SIGXFSZ death.
@Suite struct NothingLostTests {
    /// About 8 KB of JSON Lines: more than the 2 KB (`ulimit -f 2`) a run may write. With
    /// `oneHugeRecord`, a 3 MB record first instead, so the disk fills in the middle of it (its
    /// output goes out a megabyte at a time).
    private static func input(in directory: URL, oneHugeRecord: Bool = false) throws -> URL {
        let url = directory.appendingPathComponent("in.jsonl")
        let lines =
            oneHugeRecord
            ? "{\"id\":1,\"text\":\"" + String(repeating: "abcdefgh", count: 3 << 17) + "\"}\n{\"id\":2}\n"
            : (0..<200).map { "{\"id\":\($0),\"title\":\"record number \($0)\"}\n" }.joined()
        try lines.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(arguments: [false, true])
    func fileSizeLimitOnOutputFileKeepsTheTargetAndLeavesNoTemporaryFile(oneHugeRecord: Bool) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(in: directory, oneHugeRecord: oneHugeRecord)
        let target = directory.appendingPathComponent("out.jsonl")
        try "previous contents\n".write(to: target, atomically: true, encoding: .utf8)
        let result = try runShell(
            "ulimit -f 2; exec \(CodableBinary.url.path) convert --to jsonl -o \(target.path) \(input.path)")
        #expect(result.status == 3)
        #expect(result.stderr == "\(target.path): error: cannot write output: File too large\n")
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["in.jsonl", "out.jsonl"])
    }

    @Test func fileSizeLimitOnStandardOutputIsAnIOError() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(in: directory)
        let redirected = directory.appendingPathComponent("stdout.jsonl")
        let result = try runShell(
            "ulimit -f 2; exec \(CodableBinary.url.path) convert --to jsonl \(input.path) > \(redirected.path)")
        #expect(result.status == 3)
        #expect(result.stderr == "<stdout>: error: cannot write output: File too large\n")
    }

    @Test func fileSizeLimitWithTransformsKeepsTheTarget() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(in: directory)
        let target = directory.appendingPathComponent("out.jsonl")
        try "previous contents\n".write(to: target, atomically: true, encoding: .utf8)
        let result = try runShell(
            "ulimit -f 2; exec \(CodableBinary.url.path) convert --to jsonl --sort-by=-id -o \(target.path) \(input.path)"
        )
        #expect(result.status == 3)
        #expect(result.stderr.contains("error: cannot write output: File too large"), "\(result.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["in.jsonl", "out.jsonl"])
    }

    @Test func badRecordWithTransformsKeepsTheTarget() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        try "previous contents\n".write(to: target, atomically: true, encoding: .utf8)
        let result = try CodableBinary.run([
            "convert", "--to", "jsonl", "--where", ".done == true", "--on-error", "fail", "-o", target.path,
            "Samples/broken.jsonl",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Samples/broken.jsonl:3:30: error:"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
    }
}
