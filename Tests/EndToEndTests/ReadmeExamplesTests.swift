import Foundation
import Testing

/// Every `$ command` in a ```console block of README.md and of each docs/*.md page runs, from the
/// repository root with `codable` on the PATH and standard error merged into standard output, and
/// prints exactly the lines that follow it in the block. `Scripts/check-doc-examples.sh` does the
/// same outside `swift test`, to check a page while writing it.
@Suite struct ReadmeExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var file: String
        var command: String
        var expected: String
        var testDescription: String { "\(file): \(command)" }
    }

    /// README.md, then the manual's pages in name order, as paths from the repository root.
    static var documents: [String] {
        let docs = CodableBinary.repositoryRoot.appendingPathComponent("docs")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    static func consoleExamples(in file: String) -> [Example] {
        let url = CodableBinary.repositoryRoot.appendingPathComponent(file)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var examples: [Example] = []
        var inConsole = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(file: file, command: String(line.dropFirst(2)), expected: ""))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples
    }

    static var examples: [Example] { documents.flatMap(consoleExamples(in:)) }

    @Test func readmeHasExamples() {
        #expect(Self.consoleExamples(in: "README.md").count >= 5)
    }

    @Test func manualHasExamples() {
        #expect(Self.documents.count > 1)
        #expect(Self.examples.count > Self.consoleExamples(in: "README.md").count)
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let binDirectory = CodableBinary.url.deletingLastPathComponent().path
        // GITHUB_ACTIONS is unset, as CodableBinary.run does: under GitHub Actions it would turn
        // validate's text reports into annotations. An example that wants it sets it itself.
        let result = try runShell(
            "unset GITHUB_ACTIONS; export PATH=\"\(binDirectory):$PATH\"; { \(example.command) ; } 2>&1")
        #expect(CodableBinary.steadyDurations(result.stdout) == example.expected)
    }
}
