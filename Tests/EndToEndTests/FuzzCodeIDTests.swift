import Foundation
import Testing

/// `Scripts/fuzz-code-id.py`, the id the fuzz ledger counts executions under, run on a package
/// description of its own: without `--target` it covers exactly the files of `codable-fuzz`'s
/// target closure (and `Package.swift` and the pins); with `--target NAME`, the harness, the file
/// that defines NAME and the modules these import. A change there gives a new id, elsewhere not.
@Suite struct FuzzCodeIDTests {
    static let script = CodableBinary.repositoryRoot.appendingPathComponent("Scripts/fuzz-code-id.py").path

    /// A package folder: codable-fuzz -> Targets -> Parsing and Models (-> Parsing), and
    /// Commands outside the closure. Targets holds two fuzz targets, `csv` (importing Parsing)
    /// and `models` (importing Models), and a harness file that defines none.
    static func makePackage() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-code-id-\(UUID().uuidString)")
        for (path, text) in [
            ("Package.swift", "// package"), ("Sources/codable-fuzz/main.swift", "import Targets\nmain"),
            ("Sources/Targets/T.swift", "targets"), ("Sources/Parsing/P.swift", "parsing"),
            ("Sources/Parsing/CSV/C.swift", "csv"), ("Sources/Commands/X.swift", "commands"),
            (
                "Sources/Targets/CSVTarget.swift",
                "import Parsing\nstatic let target = FuzzTarget(\n    name: \"csv\", run: run)"
            ),
            (
                "Sources/Targets/ModelTarget.swift",
                "@preconcurrency import struct Models.M\nlet target = FuzzTarget(name: \"models\")"
            ),
            ("Sources/Models/M.swift", "models"),
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let description = """
        {"targets": [
          {"name": "codable-fuzz", "path": "Sources/codable-fuzz", "target_dependencies": ["Targets"]},
          {"name": "Targets", "path": "Sources/Targets", "target_dependencies": ["Parsing", "Models"]},
          {"name": "Models", "path": "Sources/Models", "target_dependencies": ["Parsing"]},
          {"name": "Parsing", "path": "Sources/Parsing"},
          {"name": "Commands", "path": "Sources/Commands", "target_dependencies": ["Parsing"]}
        ]}
        """

    /// Whether python3 is here to run the script; where it is not, says so (the test skips).
    static func hasPython() -> Bool {
        let found = ["/usr/bin/python3", "/usr/local/bin/python3"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if !found { print("FuzzCodeIDTests: skipped, python3 is absent") }
        return found
    }

    static func run(_ arguments: [String] = [], in root: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.currentDirectoryURL = root
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(description.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func idFollowsTheFuzzersClosureOnly() throws {
        guard Self.hasPython() else { return }
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            try Self.run(["--files"], in: root).split(separator: "\n") == [
                "Package.swift", "Sources/Models/M.swift", "Sources/Parsing/CSV/C.swift", "Sources/Parsing/P.swift",
                "Sources/Targets/CSVTarget.swift", "Sources/Targets/ModelTarget.swift", "Sources/Targets/T.swift",
                "Sources/codable-fuzz/main.swift",
            ])
        let first = try Self.run(in: root)
        #expect(first.count == 12 && first.allSatisfy(\.isHexDigit))

        try Data("commands, changed".utf8).write(to: root.appendingPathComponent("Sources/Commands/X.swift"))
        #expect(try Self.run(in: root) == first, "a module outside the closure keeps the id")

        try Data("csv, changed".utf8).write(to: root.appendingPathComponent("Sources/Parsing/CSV/C.swift"))
        let second = try Self.run(in: root)
        #expect(second != first, "a file of a linked module gives a new id")

        try Data(#"{"pins": [{"identity": "swift-syntax", "state": {"revision": "abc", "version": "1.0.0"}}]}"#.utf8)
            .write(to: root.appendingPathComponent("Package.resolved"))
        #expect(try Self.run(in: root) != second, "another resolved dependency gives a new id")
    }

    @Test func aTargetsIDFollowsItsOwnFileTheHarnessAndWhatTheyImport() throws {
        guard Self.hasPython() else { return }
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            try Self.run(["--target", "csv", "--files"], in: root).split(separator: "\n") == [
                "Package.swift", "Sources/Parsing/CSV/C.swift", "Sources/Parsing/P.swift",
                "Sources/Targets/CSVTarget.swift", "Sources/Targets/T.swift", "Sources/codable-fuzz/main.swift",
            ])
        #expect(
            try Self.run(["--target", "models", "--files"], in: root).split(separator: "\n") == [
                "Package.swift", "Sources/Models/M.swift", "Sources/Parsing/CSV/C.swift", "Sources/Parsing/P.swift",
                "Sources/Targets/ModelTarget.swift", "Sources/Targets/T.swift", "Sources/codable-fuzz/main.swift",
            ])
        func ids() throws -> (csv: String, models: String) {
            (try Self.run(["--target", "csv"], in: root), try Self.run(["--target", "models"], in: root))
        }
        let first = try ids()
        #expect(first.csv != first.models)

        try Data("models, changed".utf8).write(to: root.appendingPathComponent("Sources/Models/M.swift"))
        let second = try ids()
        #expect(second.csv == first.csv, "a module only the other target imports keeps the id")
        #expect(second.models != first.models)

        try Data("import Models\nlet target = FuzzTarget(name: \"models\") // changed".utf8)
            .write(to: root.appendingPathComponent("Sources/Targets/ModelTarget.swift"))
        let third = try ids()
        #expect(third.csv == first.csv, "another target's file keeps the id")
        #expect(third.models != second.models)

        try Data("parsing, changed".utf8).write(to: root.appendingPathComponent("Sources/Parsing/P.swift"))
        let fourth = try ids()
        #expect(fourth.csv != third.csv && fourth.models != third.models, "a module both reach changes both")

        try Data("targets, changed".utf8).write(to: root.appendingPathComponent("Sources/Targets/T.swift"))
        let fifth = try ids()
        #expect(fifth.csv != fourth.csv && fifth.models != fourth.models, "the harness changes both")
    }
}
