import Foundation
import Testing

/// Golden cases: each folder of `Tests/Fixtures` holds `args` (one argument per line), an
/// optional `stdin`, and the expected `stdout`, `stderr` and `status` (0 when absent).
/// The binary runs from the repository root. `RECORD=1 swift test` rewrites the expectations
/// from what the binary does now, and fails so that the change is looked at.
struct Fixture: CustomTestStringConvertible, Sendable {
    let name: String
    let folder: URL

    var testDescription: String { name }

    static let root = CodableBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures")

    /// Every case; with `CODABLE_FIXTURES_MENTIONING=WORD`, only those whose arguments, input
    /// or the files their arguments name mention WORD (any case): `.ci/run` reruns the cases
    /// that mention dates under other time zones.
    static var all: [Fixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let fixtures = names.sorted().map { Fixture(name: $0, folder: root.appendingPathComponent($0)) }
            .filter { FileManager.default.fileExists(atPath: $0.folder.appendingPathComponent("args").path) }
        guard let word = ProcessInfo.processInfo.environment["CODABLE_FIXTURES_MENTIONING"], !word.isEmpty else {
            return fixtures
        }
        return fixtures.filter { $0.mentions(word) }
    }

    /// Whether the arguments, the standard input or a file an argument names hold `word`.
    func mentions(_ word: String) -> Bool {
        let named = arguments.map { CodableBinary.repositoryRoot.appendingPathComponent($0) }
        let texts = [read("args"), read("stdin")] + named.map { try? String(contentsOf: $0, encoding: .utf8) }
        return texts.contains { $0?.range(of: word, options: .caseInsensitive) != nil }
    }

    func read(_ file: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    /// One argument per line; an empty line is an empty argument (the file's final line break
    /// ends the last argument).
    var arguments: [String] {
        var lines = (read("args") ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

@Suite struct FixtureTests {
    @Test(arguments: Fixture.all)
    func fixture(_ fixture: Fixture) throws {
        let stdin = try? Data(contentsOf: fixture.folder.appendingPathComponent("stdin"))
        var result = try CodableBinary.run(fixture.arguments, stdin: stdin ?? Data())
        result.stderr = CodableBinary.steadyDurations(result.stderr)
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try result.stdout.write(
                to: fixture.folder.appendingPathComponent("stdout"), atomically: true, encoding: .utf8)
            try result.stderr.write(
                to: fixture.folder.appendingPathComponent("stderr"), atomically: true, encoding: .utf8)
            try "\(result.status)\n".write(
                to: fixture.folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(fixture.name); run again without RECORD=1")
            return
        }
        #expect(result.stdout == (fixture.read("stdout") ?? ""), "stdout of \(fixture.name)")
        #expect(result.stderr == (fixture.read("stderr") ?? ""), "stderr of \(fixture.name)")
        #expect(
            result.status == Int32((fixture.read("status") ?? "0").trimmingCharacters(in: .whitespacesAndNewlines)),
            "status of \(fixture.name)")
    }

    @Test func thereAreFixtures() {
        #expect(Fixture.all.count >= 10)
    }

    @Test func aWordPicksTheCasesThatMentionIt() {
        let dated = Fixture(name: "dated", folder: Fixture.root.appendingPathComponent("dates-iso8601-to-seconds"))
        #expect(dated.mentions("DATES"))
        #expect(!dated.mentions("no such word in a case"))
    }
}
