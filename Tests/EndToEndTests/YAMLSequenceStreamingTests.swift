import Foundation
import Testing

/// A YAML stream whose one document is a sequence: a scan proves that no second document
/// follows, so its items are handed on as they are read, in constant memory (`Scripts/memory.sh`
/// measures it). A file is scanned where it lies; a pipe is scanned as it is read, and the rest
/// of it read ahead into a temporary file once the root turns out to be a sequence. Both give
/// the same records, the same error and the same status, and so does holding the sequence whole
/// when no temporary file can be made.
@Suite struct YAMLSequenceStreamingTests {
    /// `convert --to jsonl` of `text` from a file and from standard input (with `environment`).
    private static func fromFileAndPipe(_ text: String, _ arguments: [String] = [], environment: [String: String] = [:])
        throws -> (file: CodableBinary.Result, pipe: CodableBinary.Result)
    {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("list.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CodableBinary.run(["convert", "--to", "jsonl"] + arguments + [file.path])
        let fromPipe = try CodableBinary.run(
            ["convert", "--from", "yaml", "--to", "jsonl"] + arguments, stdin: text, environment: environment)
        return (fromFile, fromPipe)
    }

    /// `count` small items, `- {id: N, name: "user N", tags: [a, b]}`, about 45 bytes each.
    private static func items(_ count: Int, from first: Int = 0) -> String {
        (first..<(first + count)).map { "- {id: \($0), name: \"user \($0)\", tags: [a, b]}\n" }.joined()
    }

    /// `text` in UTF-16, after its byte order mark.
    private static func utf16(_ text: String, bigEndian: Bool) -> Data {
        Data(
            ([0xFEFF] + Array(text.utf16)).flatMap {
                bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
            })
    }

    /// `text` after a comment line of spaces that makes the whole `bytes` long.
    private static func padded(_ text: String, to bytes: Int) -> String {
        "#" + String(repeating: " ", count: bytes - text.utf8.count - 2) + "\n" + text
    }

    /// 60,000 items (about 3 MB: several batches and source windows), then a bad one.
    @Test func aLongSequenceWithAnErrorAtItsEnd() throws {
        let count = 60_000
        let text = Self.items(count) + "- {id: [oops\n"
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 1 && pipe.status == 1)
        #expect(file.stdout == pipe.stdout)
        let lines = file.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines[54_321] == #"{"id":54321,"name":"user 54321","tags":["a","b"]}"#)
        #expect(
            file.stderr.contains(":\(count + 2):1: error: while parsing a flow sequence"), "\(file.stderr.prefix(300))")
        #expect(file.stderr.replacing(#/\S+list\.yaml:/#, with: "<stdin>:") == pipe.stderr)
    }

    /// A file of at most 128 KiB is parsed on the reading thread; a bigger one, and a pipe, on a
    /// thread of their own. At that boundary both give the same records and the same error.
    @Test(arguments: [0, 1])
    func aFileAtTheParsingThreadsBoundary(bytesOver: Int) throws {
        let count = 2_000
        let list = Self.items(count) + "- {id: [oops\n"
        let text = Self.padded(list, to: (128 << 10) + bytesOver)
        #expect(text.utf8.count == (128 << 10) + bytesOver)
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 1 && pipe.status == 1)
        #expect(file.stdout == pipe.stdout)
        #expect(file.stdout.split(separator: "\n").count == count)
        #expect(
            file.stderr.contains(":\(count + 3):1: error: while parsing a flow sequence"), "\(file.stderr.prefix(300))")
        #expect(file.stderr.replacing(#/\S+list\.yaml:/#, with: "<stdin>:") == pipe.stderr)
    }

    /// Whether the parsing thread ("codable-yaml", named as it starts) ran while the binary read
    /// `bytes` of YAML items from a file: strace sees every thread being named.
    private static func startsAParsingThread(bytes: Int) throws -> Bool {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("list.yaml")
        let count = bytes / 46
        let list = Self.items(count)
        try Self.padded(list, to: bytes).write(to: file, atomically: true, encoding: .utf8)
        let trace = directory.appendingPathComponent("trace")
        let run = try runShell(
            "strace -f -e trace=prctl -o \(trace.path) \(CodableBinary.url.path) convert --to jsonl \(file.path) | wc -l"
        )
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(count)", "\(run.stderr)")
        return try String(contentsOf: trace, encoding: .utf8).contains("\"codable-yaml\"")
    }

    /// A file of at most 128 KiB starts no parsing thread; a bigger one does.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace to see threads start"))
    func onlyAFileOver128KiBStartsAParsingThread() throws {
        #expect(try !Self.startsAParsingThread(bytes: 128 << 10))
        #expect(try Self.startsAParsingThread(bytes: (128 << 10) + 1))
    }

    @Test(arguments: [
        "---\n- &base {a: 1}\n- {<<: *base, b: 2}\n- *base\n...\n",
        "# people\n- name: Ann\n  age: 31\n- name: Bob\n  age: 42\n",
        "[1, [2, 3], {four: 4}]\n",
        "- a\n---\n- b\n",
        "- only\n...\n# done\n",
    ])
    func fileAndPipeAgree(text: String) throws {
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == pipe.stdout)
        #expect(!file.stdout.isEmpty)
    }

    /// Validation numbers the items like a JSON array's elements, from a file as from a pipe.
    @Test func itemsAreNumberedInReports() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try #"{"type": "object", "required": ["id"]}"#.write(to: schema, atomically: true, encoding: .utf8)
        let text = (0..<5_000).map { "- {id: \($0)}\n" }.joined() + "- {name: x}\n"
        let yaml = directory.appendingPathComponent("items.yaml")
        try text.write(to: yaml, atomically: true, encoding: .utf8)
        let fromFile = try CodableBinary.run(["validate", "--schema", schema.path, "--each", yaml.path])
        let fromPipe = try CodableBinary.run(
            ["validate", "--schema", schema.path, "--each", "--from", "yaml"], stdin: text)
        #expect(fromFile.status == 1 && fromPipe.status == 1)
        let problem = ":5001:3: error: missing required property \"id\"\n    at $[5000] (schema /required)\n"
        #expect(fromFile.stdout.contains(yaml.path + problem), "\(fromFile.stdout.prefix(300))")
        #expect(fromPipe.stdout.contains("<stdin>" + problem), "\(fromPipe.stdout.prefix(300))")
    }

    /// libyaml ends a line at NEL, LS and PS too: a marker after one starts a second document,
    /// which the scan before parsing finds (taken for content, as a NEL after `---` in a fuzzed
    /// input would be, the first document's items would be handed on and the second an error).
    @Test func aMarkerAfterANextLineOrALineSeparatorStartsADocument() throws {
        for (text, records) in [
            ("- a\n---\u{85}- b\n", "[\"a\"]\n[\"b\"]\n"),
            ("- a\n- \u{2028}---\n- ---é\n", "[\"a\",null]\n[\"---é\"]\n"),
        ] {
            let (file, pipe) = try Self.fromFileAndPipe(text)
            #expect(file.status == 0 && pipe.status == 0, "\(file.stderr)\(pipe.stderr)")
            #expect(file.stdout == records && pipe.stdout == records)
        }
    }

    /// A second document after megabytes of the first one's sequence (past the first read and
    /// the first read-ahead): each document is one record, read whole, from a pipe as from a file.
    @Test func aSecondDocumentFarDown() throws {
        let text = Self.items(60_000) + "---\n" + Self.items(2, from: 7)
        let (file, pipe) = try Self.fromFileAndPipe(text)
        #expect(file.status == 0 && pipe.status == 0, "\(file.stderr)\(pipe.stderr)")
        #expect(file.stdout == pipe.stdout)
        let lines = file.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == #"[{"id":7,"name":"user 7","tags":["a","b"]},{"id":8,"name":"user 8","tags":["a","b"]}]"#)
    }

    /// UTF-16 (little- and big-endian, by its byte order mark) is scanned by its characters: a
    /// second document far down is found, from a file and from a pipe, and the records are
    /// those of the same text in UTF-8, with an error placed where UTF-8 puts it.
    @Test(arguments: [false, true])
    func aSecondDocumentFarDownInUTF16(bigEndian: Bool) throws {
        for (text, status) in [
            (Self.items(60_000) + "---\n" + Self.items(2, from: 7), Int32(0)),
            (Self.items(3_000) + "- {id: é, x: [oops\n", 1),
        ] {
            let utf16 = Self.utf16(text, bigEndian: bigEndian)
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("list.yaml")
            try utf16.write(to: file)
            let fromFile = try CodableBinary.run(["convert", "--to", "jsonl", file.path])
            let fromPipe = try CodableBinary.run(["convert", "--from", "yaml", "--to", "jsonl"], stdin: utf16)
            let (utf8File, utf8Pipe) = try Self.fromFileAndPipe(text)
            #expect(fromFile.status == status && fromPipe.status == status, "\(fromFile.stderr)\(fromPipe.stderr)")
            #expect(fromFile.stdout == utf8File.stdout && fromPipe.stdout == utf8Pipe.stdout)
            let path = #"\S*list\.yaml"#
            #expect(
                fromFile.stderr.replacingOccurrences(of: path, with: "F", options: .regularExpression)
                    == utf8File.stderr.replacingOccurrences(of: path, with: "F", options: .regularExpression))
            #expect(fromPipe.stderr == utf8Pipe.stderr)
        }
    }

    /// The read-ahead file lives in `$TMPDIR` and is gone when the run ends; where none can be
    /// made, the sequence is held whole instead, with the same records and error.
    @Test func theReadAheadLeavesNothingAndNeedsNoTemporaryDirectory() throws {
        let text = Self.items(60_000) + "- {id: [oops\n"
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, pipe) = try Self.fromFileAndPipe(text, environment: ["TMPDIR": directory.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let (_, withoutTemporaryFiles) = try Self.fromFileAndPipe(
            text, environment: ["TMPDIR": directory.appendingPathComponent("absent").path])
        for result in [pipe, withoutTemporaryFiles] {
            #expect(result.status == 1)
            #expect(result.stdout == file.stdout)
            #expect(file.stderr.replacing(#/\S+list\.yaml:/#, with: "<stdin>:") == result.stderr)
        }
        #expect(file.stdout.split(separator: "\n").count == 60_000)
    }

    /// A full disk while reading ahead (`ulimit -f`: 1.5 MB of the 2.7 MB may be written, so the
    /// second megabyte is written in part): what was written is read back, the rest is held,
    /// and the records and the error are the same as from the file.
    @Test func aFullDiskWhileReadingAhead() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.yaml")
        try (Self.items(60_000) + "- {id: [oops\n").write(to: list, atomically: true, encoding: .utf8)
        let file = try CodableBinary.run(["convert", "--to", "jsonl", list.path])
        let pipe = try runShell(
            "ulimit -f 1500; cat \(list.path) | TMPDIR=\(directory.path) \(CodableBinary.url.path) convert --from yaml --to jsonl"
        )
        #expect(pipe.status == 1)
        #expect(pipe.stdout == file.stdout)
        #expect(file.stderr.replacing(#/\S+list\.yaml:/#, with: "<stdin>:") == pipe.stderr)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["list.yaml"])
    }

    #if os(Linux)
        /// 32 MB of items peak well under twice that (held whole, such a sequence would take several
        /// times its size), through a pipe, and in UTF-16 (64 MB, scanned by its characters for a second
        /// document) through a pipe and from a file. GNU time measures the peak.
        @Test(
            .releaseCheck,
            arguments: [(utf16: false, bigEndian: false, fromFile: false), (true, false, false), (true, true, true)])
        func aLongSequenceIsNotHeld(utf16: Bool, bigEndian: Bool, fromFile: Bool) throws {
            guard CodableBinary.measuresPeakMemory else { return }
            let text = Self.items(720_000)
            let input = utf16 ? Self.utf16(text, bigEndian: bigEndian) : Data(text.utf8)
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("list.yaml")
            if fromFile { try input.write(to: file) }
            let (result, peak) = try CodableBinary.runMeasuringPeak(
                ["convert", "--from", "yaml", "--to", "jsonl"] + (fromFile ? [file.path] : []),
                stdin: fromFile ? nil : input)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.utf8.count > text.utf8.count * 9 / 10)
            let peakKilobytes = try #require(peak)
            #expect(peakKilobytes * 1024 < text.utf8.count * 2, "peak \(peakKilobytes) KB for \(text.utf8.count) bytes")
        }
    #endif
}
