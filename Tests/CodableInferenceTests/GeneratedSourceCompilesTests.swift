import CodableInference
import CodableParsing
import Foundation
import Testing

extension Tag {
    /// Tests that run the Swift compiler (`swiftc`); skipped where there is none.
    @Tag static var swiftc: Self
}

/// The generated source compiled with `swiftc -swift-version 6 -warnings-as-errors`, together
/// with a main that decodes every sample with `Root.decoder` and the real `JSONDecoder`. All
/// cases go into one program (one compiler run): each root type has its own name, and the
/// helper types they share are declared once.
@Suite struct GeneratedSourceCompilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `swiftc` on the `PATH`, if any.
    static let swiftc: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    struct Case {
        var name: String
        var framing: InputFraming
        var text: String
        var snakeCase = false
    }

    static func sample(_ path: String, _ name: String, snakeCase: Bool = false) throws -> Case {
        let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        return Case(name: name, framing: path.hasSuffix(".jsonl") ? .jsonl : .json, text: text, snakeCase: snakeCase)
    }

    static let kitchenSink = """
        {"id":1,"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","home":"https://example.com/a?b=1","createdAt":"2024-03-01T09:00:00Z","seenAt":1709283600,"sentAt":1709283600000,"due_date":730976400.5,"class":"a","first-name":"x","2fa":true,"mixed":1,"any":{"a":[1]},"tags":[],"items":[{"sku":"a","qty":1,"price":1.5}],"nothing":null,"big":100000000000000000001,"optionalAt":1709283600}
        {"id":2,"uuid":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","home":"http://example.com","createdAt":"2024-03-01T09:05:30.250+01:00","seenAt":1709283601,"sentAt":1709283600001,"due_date":730976401,"class":"b","first-name":"y","2fa":false,"mixed":"two","any":[1,"a"],"tags":[],"items":[{"sku":"b","price":2},{"sku":"c","qty":null,"price":3}],"nothing":null,"big":1}
        {"id":3,"uuid":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","home":"https://example.com","createdAt":"2024-03-02T00:00:00Z","seenAt":1709283602,"sentAt":1709283600002,"due_date":730976402,"class":"c","first-name":"z","2fa":true,"mixed":false,"any":null,"tags":[],"items":[],"big":2.5,"optionalAt":null}
        """

    static func cases() throws -> [Case] {
        [
            try sample("Samples/todos.json", "Todo"),
            try sample("Samples/decode/syncups.json", "SyncUp"),
            try sample("Samples/decode/books.json", "Book", snakeCase: true),
            try sample("Samples/dates/todos-milliseconds.json", "DueTodo"),
            try sample("Samples/page.json", "Page"),
            Case(name: "Sink", framing: .jsonl, text: kitchenSink),
            Case(name: "SnakeSink", framing: .jsonl, text: kitchenSink, snakeCase: true),
        ]
    }

    /// The generated file cut into the root declaration and the top-level helpers after it.
    static func parts(of source: String) -> (root: String, helpers: [String]) {
        let body = source.components(separatedBy: "import Foundation\n\n")[1]
        var blocks: [String] = []
        var current = ""
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty, current.hasSuffix("}\n"), !current.hasSuffix("    }\n") {
                blocks.append(current)
                current = ""
                continue
            }
            current += line + "\n"
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { blocks.append(current) }
        return (blocks[0], Array(blocks.dropFirst()))
    }

    @Test(.tags(.swiftc), .enabled(if: swiftc != nil, "swiftc is not on the PATH"))
    func generatedModelsCompileAndDecodeEverySampleWithFoundation() throws {
        var roots: [String] = []
        var helpers: [String] = []
        var main = "import Foundation\n\nvar failures = 0\n"
        for item in try Self.cases() {
            let reader = RecordReader(
                source: InMemoryByteSource(item.text), options: RecordReaderOptions(framing: item.framing))
            let shapes = SampleShapes()
            var samples: [String] = []
            while let batch = try reader.nextBatch() {
                shapes.add(batch)
                for index in 0..<batch.count { samples.append(batch[index].compactText) }
            }
            let source = try shapes.infer(rootName: item.name, convertingFromSnakeCase: item.snakeCase).swiftSource()
            let (root, more) = Self.parts(of: source)
            roots.append(root)
            for helper in more where !helpers.contains(helper) { helpers.append(helper) }
            for (index, sample) in samples.enumerated() {
                main += """
                    do { _ = try \(item.name).decoder.decode(\(item.name).self, from: Data(#\"\"\"
                    \(sample)
                    \"\"\"#.utf8)) } catch { failures += 1; print("\(item.name) sample \(index): \\(error)") }

                    """
            }
        }
        main += "print(\"failures: \\(failures)\")\nexit(failures == 0 ? 0 : 1)\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("infer-swiftc-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let models = "import Foundation\n\n" + (roots + helpers).joined(separator: "\n")
        try models.write(to: directory.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        try main.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compiled = try Self.run(
            Self.swiftc!,
            ["-swift-version", "6", "-warnings-as-errors", "-Onone", "Models.swift", "main.swift", "-o", "check"],
            in: directory)
        #expect(compiled.status == 0, "swiftc failed:\n\(compiled.output)\n\(models)")
        guard compiled.status == 0 else { return }
        let ran = try Self.run(directory.appendingPathComponent("check").path, [], in: directory)
        #expect(ran.status == 0, "\(ran.output)")
        #expect(ran.output.hasSuffix("failures: 0\n"))
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
