import Foundation
import Testing

/// A byte order mark is no column, even when the reader's buffer is cut inside it: a reader
/// keeps the last 1 KiB of a long line when it reads more, so a line whose first 1 026 or 1 027
/// bytes come before the rest (a pipe's first write) is cut 1 or 2 bytes into the mark; counted
/// as a column, that part would put every later place on that line one column too far.
@Suite struct ByteOrderMarkPlacesTests {
    @Test(arguments: [1_025, 1_026, 1_027, 1_028])
    func aPipeCutJustPastTheFirstKibibyteKeepsTheColumns(firstWrite: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ones.json")
        // The mark, then `[1,1,…,#]`: `#` is byte 2 004, the 2 002nd character past the mark.
        try Data([0xEF, 0xBB, 0xBF] + Array(("[" + String(repeating: "1,", count: 1_000) + "#]").utf8)).write(to: file)
        let whole = try CodableBinary.run(["convert", "--from", "json", file.path])
        let piped = try runShell(
            "{ head -c \(firstWrite) '\(file.path)'; sleep 0.3; tail -c +\(firstWrite + 1) '\(file.path)'; } | \(CodableBinary.url.path) convert --from json"
        )
        #expect(whole.status == 1 && piped.status == 1)
        #expect(whole.stderr.contains("ones.json:1:2002: error: unexpected character '#'"), "\(whole.stderr)")
        #expect(piped.stderr.contains("<stdin>:1:2002: error: unexpected character '#'"), "\(piped.stderr)")
    }
}
