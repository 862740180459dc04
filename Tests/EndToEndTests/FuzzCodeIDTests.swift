import Foundation
import Testing

/// `Scripts/fuzz-code-id.py`, the id the fuzz ledger counts executions under, run on a package
/// description of its own: it covers exactly the files of `codable-fuzz`'s target closure (and
/// `Package.swift` and the pins), so a change there gives a new id and a change elsewhere does not.
@Suite struct FuzzCodeIDTests {
    static let script = CodableBinary.repositoryRoot.appendingPathComponent("Scripts/fuzz-code-id.py").path

    /// A package folder: codable-fuzz -> Targets -> Parsing, and Commands outside the closure.
    static func makePackage() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-code-id-\(UUID().uuidString)")
        for (path, text) in [
            ("Package.swift", "// package"), ("Sources/codable-fuzz/main.swift", "main"),
            ("Sources/Targets/T.swift", "targets"), ("Sources/Parsing/P.swift", "parsing"),
            ("Sources/Parsing/CSV/C.swift", "csv"), ("Sources/Commands/X.swift", "commands"),
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let description = """
        {"targets": [
          {"name": "codable-fuzz", "path": "Sources/codable-fuzz", "target_dependencies": ["Targets"]},
          {"name": "Targets", "path": "Sources/Targets", "target_dependencies": ["Parsing"]},
          {"name": "Parsing", "path": "Sources/Parsing"},
          {"name": "Commands", "path": "Sources/Commands", "target_dependencies": ["Parsing"]}
        ]}
        """

    static func run(_ arguments: [String] = [], in root: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.currentDirectoryURL = root
        let input = Pipe(), output = Pipe()
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
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/python3") else {
            print("FuzzCodeIDTests: skipped, python3 is absent")
            return
        }
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.run(["--files"], in: root).split(separator: "\n") == [
            "Package.swift", "Sources/Parsing/CSV/C.swift", "Sources/Parsing/P.swift",
            "Sources/Targets/T.swift", "Sources/codable-fuzz/main.swift",
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
}
