import Foundation
import Testing

/// The files that ship codable to other machines: `action.yml` and the docs' example workflow
/// (against GitHub's schemas, through check-jsonschema), the action's validate step run for
/// real, the Homebrew formula and `install.sh` (syntax, and the version they name).
/// `Scripts/check-release.sh` checks the release archive and `install.sh` end to end.
@Suite struct DistributionFilesTests {
    struct Output {
        var text: String
        var status: Int32
    }

    /// Runs `command` (found on `PATH`) from the repository root, standard output and error
    /// together in one text.
    static func run(_ command: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = CodableBinary.repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("distribution-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Output(text: try String(contentsOf: log, encoding: .utf8), status: process.terminationStatus)
    }

    /// Whether `tool` is on `PATH`; where it is not, says so (the test calling skips).
    static func has(_ tool: String, for test: String) -> Bool {
        let found = (try? run(["sh", "-c", "command -v \(tool)"]).status) == 0
        if !found { print("DistributionFilesTests.\(test): skipped, \(tool) is absent") }
        return found
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: CodableBinary.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// A file written to a fresh temporary folder; the caller removes the folder.
    static func temporary(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("distribution-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The example workflow of docs/install.md: the yaml block that starts with its path.
    static func exampleWorkflow() throws -> String {
        let blocks = try read("docs/install.md").components(separatedBy: "```yaml\n").dropFirst()
        let workflow = blocks.first { $0.hasPrefix("# .github/workflows/") }
        return String(workflow?.components(separatedBy: "```").first ?? "")
    }

    @Test func actionMatchesGitHubsSchema() throws {
        guard Self.has("check-jsonschema", for: #function) else { return }
        let result = try Self.run(["check-jsonschema", "--builtin-schema", "vendor.github-actions", "action.yml"])
        #expect(result.status == 0, "\(result.text)")
        // The check can fail: an action whose composite step has no shell breaks the schema.
        let broken = try Self.temporary(
            "action.yml", try Self.read("action.yml").replacingOccurrences(of: "      shell: bash\n", with: ""))
        defer { try? FileManager.default.removeItem(at: broken.deletingLastPathComponent()) }
        let refused = try Self.run(["check-jsonschema", "--builtin-schema", "vendor.github-actions", broken.path])
        #expect(refused.status == 1, "\(refused.text)")
    }

    @Test func exampleWorkflowMatchesGitHubsSchema() throws {
        let workflow = try Self.exampleWorkflow()
        #expect(workflow.contains("uses: codable-cli/codable@v"))
        #expect(workflow.contains("uses: github/codeql-action/upload-sarif@"))
        #expect(workflow.contains("report: sarif"))
        guard Self.has("check-jsonschema", for: #function) else { return }
        let file = try Self.temporary("validate.yml", workflow)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", file.path])
        #expect(result.status == 0, "\(result.text)")
    }

    /// The action's validate step, as GitHub runs it (`bash -e -o pipefail`), with its inputs in
    /// the environment and the built codable on `PATH`: its status is codable's, also written to
    /// `$GITHUB_OUTPUT` as `exit-code`.
    @Test(arguments: [
        (
            ["files": "Samples/validate/*.jsonl", "schema": "Samples/todo.schema.json", "args": "--each"], Int32(1),
            "::error file=Samples/validate/todos-bad.jsonl,line=2,col="
        ),
        (
            ["files": "Samples/validate/todos-ok.jsonl", "schema": "Samples/todo.schema.json"], 0,
            "1 file, 3 records, 0 errors"
        ),
        (
            ["files": "Samples/validate/inbox.json", "model": "Samples/models/Todo.swift", "type": "Todo"], 1,
            "::error file=Samples/validate/inbox.json,line=3,col=118,title=typeMismatch at $[1].estimate::"
        ),
        (
            ["files": "Samples/validate/inbox.json", "schema": "Samples/todo.schema.json", "report": "text"], 1,
            "Samples/validate/inbox.json:"
        ),
        (["files": "Samples/todos.json", "schema": "Samples/missing.schema.json"], 3, "missing.schema.json"),
        (
            ["files": "Samples/todos.json", "schema": "Samples/todo.schema.json", "args": "--no-such-option"], 2,
            "--no-such-option"
        ),
    ])
    func actionValidateStep(inputs: [String: String], status: Int32, output: String) throws {
        let action = try CodableBinary.run(["convert", "--to", "json", "action.yml"])
        #expect(action.status == 0)
        struct Action: Decodable {
            struct Runs: Decodable { var steps: [Step] }
            struct Step: Decodable {
                var id: String?
                var run: String
            }
            var runs: Runs
        }
        let steps = try JSONDecoder().decode(Action.self, from: Data(action.stdout.utf8)).runs.steps
        let script = try #require(steps.first { $0.id == "validate" }?.run)
        let outputs = try Self.temporary("github-output", "")
        defer { try? FileManager.default.removeItem(at: outputs.deletingLastPathComponent()) }
        var environment = ["GITHUB_OUTPUT": outputs.path, "GITHUB_ACTIONS": "true"]
        environment["PATH"] =
            CodableBinary.url.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for name in ["files", "schema", "model", "type", "report", "output", "args"] {
            environment["INPUT_\(name.uppercased())"] = inputs[name] ?? (name == "report" ? "github" : "")
        }
        let result = try Self.run(
            ["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], environment: environment)
        #expect(result.status == status, "\(result.text)")
        #expect(result.text.contains(output), "\(result.text)")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=\(status)\n")
    }

    @Test func formulaIsRubyAndNamesThisVersion() throws {
        let version = try CodableBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let formula = try Self.read("Formula/codable.rb")
        #expect(formula.contains("tag: \"v\(version)\""), "Formula/codable.rb builds another tag than v\(version)")
        #expect(formula.contains("depends_on \"libyaml\""))
        #expect(formula.contains("\"swift\", \"build\""))
        guard Self.has("ruby", for: #function) else { return }
        let result = try Self.run(["ruby", "-c", "Formula/codable.rb"])
        #expect(result.status == 0 && result.text.contains("Syntax OK"), "\(result.text)")
    }

    @Test func installScriptIsShellAndNamesThisVersion() throws {
        let version = try CodableBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.read("install.sh").contains("\ndefault_version=\(version)\n"))
        let syntax = try Self.run(["sh", "-n", "install.sh"])
        #expect(syntax.status == 0, "\(syntax.text)")
        let usage = try Self.run(["sh", "install.sh", "--no-such-option"])
        #expect(usage.status == 1)
        #expect(usage.text.contains("unknown option '--no-such-option'"))
    }
}
