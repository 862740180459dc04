import Foundation
import Testing

/// Every `$ command` in a ```console block of README.md runs, from the repository root with
/// `codable` on the PATH and standard error merged into standard output, and prints exactly the
/// lines that follow it in the block.
@Suite struct ReadmeExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var command: String
        var expected: String
        var testDescription: String { command }
    }

    static var examples: [Example] {
        let readme =
            (try? String(contentsOf: CodableBinary.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8))
            ?? ""
        var examples: [Example] = []
        var inConsole = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: ""))
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected += line + "\n"
            }
        }
        return examples
    }

    @Test func readmeHasExamples() {
        #expect(Self.examples.count >= 5)
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let binDirectory = CodableBinary.url.deletingLastPathComponent().path
        let result = try runShell("export PATH=\"\(binDirectory):$PATH\"; { \(example.command) ; } 2>&1")
        #expect(CodableBinary.steadyDurations(result.stdout) == example.expected)
    }
}
