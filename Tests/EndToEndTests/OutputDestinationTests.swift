import Foundation
import Testing

/// What `-o` replaces is what the path names: a file keeps its permissions, a symbolic link
/// stays a link to a file that gets the output, and a FIFO or device is written in place.
@Suite struct OutputDestinationTests {
    private let records = ["convert", "--to", "jsonl", "Samples/todos.json"]

    private func expectedOutput() throws -> String {
        try String(
            contentsOf: CodableBinary.repositoryRoot.appendingPathComponent("Samples/todos.jsonl"), encoding: .utf8)
    }

    private func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test(arguments: [0o600, 0o640, 0o664])
    func aReplacedFileKeepsItsPermissions(mode: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("secret.jsonl")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)

        let result = try CodableBinary.run(records + ["-o", target.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == expectedOutput())
        #expect(try permissions(target) == mode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["secret.jsonl"])
    }

    @Test func aNewFileGetsTheUsualPermissions() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("new.jsonl")
        let result = try runShell(
            "umask 027; \(CodableBinary.url.path) convert --to jsonl -o \(target.path) \(CodableBinary.repositoryRoot.path)/Samples/todos.json"
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try permissions(target) == 0o640)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.appendingPathComponent("data")
        let links = directory.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: false)
        let file = real.appendingPathComponent("todos.jsonl")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        // A relative link, through a second link: each is resolved from the folder it is in.
        let link = links.appendingPathComponent("current.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../data/todos.jsonl")
        let outer = directory.appendingPathComponent("latest.jsonl")
        try FileManager.default.createSymbolicLink(atPath: outer.path, withDestinationPath: "links/current.jsonl")

        let result = try CodableBinary.run(records + ["-o", outer.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == expectedOutput())
        #expect(try permissions(file) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: outer.path) == "links/current.jsonl")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../data/todos.jsonl")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["todos.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: links.path) == ["current.jsonl"])
    }

    @Test func aDanglingLinkGetsItsFileMade() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("out.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "made.jsonl")
        let result = try CodableBinary.run(records + ["-o", link.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try String(contentsOf: directory.appendingPathComponent("made.jsonl"), encoding: .utf8) == expectedOutput())
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "made.jsonl")
    }

    @Test func aLinkLoopIsAnIOErrorAndWritesNothing() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.jsonl")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.jsonl")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b.jsonl").path, withDestinationPath: "a.jsonl")
        let result = try CodableBinary.run(records + ["-o", first.path])
        #expect(result.status == 3)
        #expect(
            result.stderr.contains(
                "\(first.path): error: cannot write output: more than 40 symbolic links in a row (a loop?)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.jsonl", "b.jsonl"])
    }

    @Test func aDirectoryIsRefusedBeforeAnythingIsWritten() throws {
        // A folder of its own around the target, so that only this run's files can be in it.
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let result = try CodableBinary.run(records + ["-o", directory.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(directory.path): error: cannot write output: Is a directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["target"])
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe")
        let copy = directory.appendingPathComponent("copy.jsonl")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The reader gets the end of the output when codable closes the FIFO; if codable wrote
        // elsewhere, it is killed after 20 s (SIGKILL: the test runner's children may block
        // SIGTERM), so that the test cannot hang.
        let result = try runShell(
            """
            timeout -s KILL 20 cat \(fifo.path) > \(copy.path) & reader=$!
            \(CodableBinary.url.path) convert --to jsonl -o \(fifo.path) \(CodableBinary.repositoryRoot.path)/Samples/todos.json; status=$?
            wait $reader; exit $status
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: copy, encoding: .utf8) == expectedOutput())
        var status = stat()
        #expect(
            lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO, not a regular file")
    }

    @Test func devNullIsWrittenInPlace() throws {
        let result = try CodableBinary.run(records + ["-o", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
