import Foundation
import Testing

/// `-o` writes atomically, and a reader that goes away stops `codable` quietly.
@Suite struct OutputSafetyTests {
    @Test func outputFileIsWrittenAtomically() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        let result = try CodableBinary.run(["convert", "--to", "jsonl", "-o", target.path, "Samples/todos.json"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOf: target, encoding: .utf8)
        let expected = try String(
            contentsOf: CodableBinary.repositoryRoot.appendingPathComponent("Samples/todos.jsonl"), encoding: .utf8)
        #expect(written == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
    }

    @Test func failedRunLeavesTheOldFileUntouchedAndNoTemporaryFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.json")
        try "previous contents\n".write(to: target, atomically: true, encoding: .utf8)
        // Good records first, then a malformed one: nothing of the partial output may land.
        let result = try CodableBinary.run(["convert", "-o", target.path, "Samples/broken.jsonl"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Samples/broken.jsonl:3:30: error:"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])

        let missing = try CodableBinary.run(["convert", "-o", target.path, "Samples/nope.json"])
        #expect(missing.status == 3)
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
    }

    @Test func unwritableOutputIsAnIOError() throws {
        let result = try CodableBinary.run(["convert", "-o", "/nonexistent-dir/out.json", "Samples/todos.json"])
        #expect(result.status == 3)
        #expect(
            result.stderr.contains("/nonexistent-dir/out.json: error: cannot write output: No such file or directory"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func fullDiskIsAnIOErrorOnStdout() throws {
        let shell = "\(CodableBinary.url.path) convert --to jsonl Samples/todos.json > /dev/full"
        let result = try runShell(shell)
        #expect(result.status == 3)
        #expect(result.stderr.contains("<stdout>: error: cannot write output: No space left on device"))
    }

    @Test func closedPipeStopsQuicklyAndQuietly() throws {
        // About 60 MB of JSON Lines that would take a while to convert in full.
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.jsonl")
        let line = Data(
            #"{"id":123456,"title":"A reasonably long title for a record","done":false,"tags":["a","b","c"]}"#.utf8 + [
                0x0A
            ])
        var chunk = Data()
        for _ in 0..<10_000 { chunk.append(line) }
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        for _ in 0..<64 { handle.write(chunk) }
        try handle.close()

        let started = Date()
        let result = try runShell("set -o pipefail; \(CodableBinary.url.path) convert --to jsonl \(big.path) | head -1")
        #expect(result.status == 0)
        #expect(result.stdout == String(decoding: line, as: UTF8.self))
        #expect(result.stderr.isEmpty)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"
        ))
    func terminalStdinWithoutFilesIsAUsageError() throws {
        // `script` gives the command a pseudo-terminal as standard input.
        let result = try runShell(
            "script -qec '\(CodableBinary.url.path) convert; echo status=$?' /dev/null < /dev/null")
        #expect(result.stdout.contains("No input: name a file, or pipe records to standard input."))
        #expect(result.stdout.contains("status=2"))
    }
}

/// Runs a bash command line from the repository root.
func runShell(_ command: String) throws -> CodableBinary.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = CodableBinary.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorData = Locked(Data())
    let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1_000) }
    return CodableBinary.Result(
        stdout: String(decoding: outputData, as: UTF8.self),
        stderr: String(decoding: errorData.get(), as: UTF8.self),
        status: process.terminationStatus)
}

/// Inputs that cannot be read are I/O errors (status 3) that name the file.
@Suite struct UnreadableInputTests {
    @Test(.enabled(if: geteuid() != 0, "root reads files whatever their permissions"))
    func fileWithoutReadPermission() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("secret.json")
        try "[1]".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        let result = try CodableBinary.run(["convert", file.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(file.path): error: cannot read input: Permission denied"))
    }

    @Test func laterFilesAreNotReadAfterAMissingOne() throws {
        let result = try CodableBinary.run([
            "convert", "--to", "jsonl", "Samples/todos.jsonl", "Samples/missing.json", "Samples/events.json-seq",
        ])
        #expect(result.status == 3)
        #expect(result.stderr == "Samples/missing.json: error: cannot read input: No such file or directory\n")
        #expect(result.stdout.split(separator: "\n").count == 5)
    }
}

/// An interrupted run leaves `-o`'s target as it was and no temporary file behind.
@Suite struct InterruptTests {
    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func signalRemovesTheTemporaryFile(signal: Int32, name: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.jsonl")
        try "previous contents\n".write(to: target, atomically: true, encoding: .utf8)

        // Standard input stays open, so codable is mid-run (temporary file written) when signalled.
        let process = Process()
        process.executableURL = CodableBinary.url
        process.arguments = ["convert", "--to", "jsonl", "-o", target.path]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"id":1}"#.utf8 + [0x0A]))

        let deadline = Date().addingTimeInterval(10)
        func temporaryFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                $0.hasSuffix(".tmp")
            }
        }
        while temporaryFiles().isEmpty && Date() < deadline { usleep(10_000) }
        #expect(!temporaryFiles().isEmpty, "codable never created its temporary file")

        process.signalUntilExit(signal, name: name)
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signal, "\(name)")
        #expect(temporaryFiles().isEmpty, "\(name) left \(temporaryFiles())")
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous contents\n")
    }
}
