import Foundation
import Testing

/// `codable validate` behaviour that golden fixtures cannot show: the environment, `-o`, globs
/// over a folder tree, and reports that other programs must be able to parse.
@Suite struct ValidateTests {
    static let model = CodableBinary.repositoryRoot.appendingPathComponent("Samples/models/Todo.swift").path

    @Test func githubReportIsTheDefaultOnGitHubActions() throws {
        let result = try CodableBinary.run(
            ["validate", "--model", Self.model, "--type", "Todo", "Samples/validate/todos-bad.jsonl"],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "::error file=Samples/validate/todos-bad.jsonl,line=2,col=20,title=typeMismatch at $[1].title::"))
        let text = try CodableBinary.run(
            [
                "validate", "--model", Self.model, "--type", "Todo", "--report", "text",
                "Samples/validate/todos-bad.jsonl",
            ], environment: ["GITHUB_ACTIONS": "true"])
        #expect(text.stdout.hasPrefix("Samples/validate/todos-bad.jsonl:2:20: error:"))
    }

    @Test(arguments: ["json", "sarif"])
    func reportsAreValidJSON(format: String) throws {
        let result = try CodableBinary.run([
            "validate", "--model", Self.model, "--type", "Todo", "--report", format, "Samples/validate/*.json*",
            "missing.json",
        ])
        #expect(result.status == 3)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        if format == "sarif" {
            #expect(document["version"] as? String == "2.1.0")
            let run = try #require((document["runs"] as? [[String: Any]])?.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            let rules = try #require(driver["rules"] as? [[String: Any]])
            let results = try #require(run["results"] as? [[String: Any]])
            #expect(results.count == 7)
            for result in results {
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
                let location = try #require(
                    (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                #expect(
                    ((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasPrefix(
                        "Samples/validate/") == true)
                #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
            }
        } else {
            #expect(document["version"] as? Int == 1)
            let summary = try #require(document["summary"] as? [String: Any])
            #expect(summary["errors"] as? Int == 7)
            #expect(summary["unreadableFiles"] as? Int == 1)
        }
    }

    /// The GitLab report is one JSON array of Code Quality issues, each unique by its
    /// fingerprint, the unreadable input among them.
    @Test func gitlabReportIsCodeQualityJSON() throws {
        let result = try CodableBinary.run([
            "validate", "--model", Self.model, "--type", "Todo", "--report", "gitlab", "Samples/validate/*.json*",
            "missing.json",
        ])
        #expect(result.status == 3)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 8)
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 8)
        for issue in issues {
            let location = try #require(issue["location"] as? [String: Any])
            let begin = try #require((location["positions"] as? [String: Any])?["begin"] as? [String: Any])
            #expect((begin["line"] as? Int ?? 0) >= 1 && (begin["column"] as? Int ?? 0) >= 1)
            #expect(["major", "blocker"].contains(issue["severity"] as? String))
        }
        #expect(issues.last?["check_name"] as? String == "unreadable")
    }

    /// A file named with a colon (`c:d.jsonl`) is named in SARIF by a relative reference
    /// (`c%3Ad.jsonl`), not a URI of scheme `c`; GitHub decodes it back to the file's path.
    /// `uniqueItems` compares items as deep as `--max-depth` lets records be (two items of
    /// 99 000 nested arrays overflowed the stack: status 139).
    @Test func uniqueItemsComparesItemsAsDeepAsTheyAre() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("unique.schema.json")
        try #"{"uniqueItems": true}"#.write(to: schema, atomically: true, encoding: .utf8)
        let depth = 99_000
        func item(_ innermost: String) -> String {
            String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
        }
        let arguments = [
            "validate", "--schema", schema.path, "--max-depth", "100000", "--from", "json-stream", "--report", "text",
        ]
        let same = try CodableBinary.run(arguments, stdin: "[\(item("1")),\(item("1.0"))]\n")
        #expect(same.status == 1, "\(same.stderr)")
        #expect(
            same.stdout.hasPrefix("<stdin>:1:\(2 * depth + 4): error: item 1 equals item 0; items must be unique\n"),
            "\(same.stdout.prefix(200))")
        let different = try CodableBinary.run(arguments, stdin: "[\(item("1")),\(item("2"))]\n")
        #expect(different.status == 0, "\(different.stdout.prefix(200)) \(different.stderr)")
    }

    @Test func aColonInAFileNameIsEncodedInSARIF() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: CodableBinary.repositoryRoot.appendingPathComponent("Samples/validate/todos-bad.jsonl"),
            to: directory.appendingPathComponent("c:d.jsonl"))
        try FileManager.default.copyItem(
            at: CodableBinary.repositoryRoot.appendingPathComponent("Samples/todo.schema.json"),
            to: directory.appendingPathComponent("todo.schema.json"))
        let result = try CodableBinary.run(
            ["validate", "--schema", "todo.schema.json", "--report", "sarif", "c:d.jsonl"], in: directory)
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(((document["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let location = try #require(
                (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri == "c%3Ad.jsonl")
            #expect(URL(string: uri)?.scheme == nil)
        }
    }

    /// A CSV row of 300 000 cells with a bad byte near its end (found by the csv-reader fuzz
    /// target): the reader of the first file is released after the error, then the next file is
    /// read. This aborted with a double free (status 134); it is a data error (status 1).
    @Test func aWideCSVRowThatFailsLateIsADataErrorInEveryFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 300_000
        var cells = [String](repeating: "1", count: count)
        cells[count - 3] = "x"
        var bytes = Array(
            ((0..<count).map(String.init).joined(separator: ",") + "\n" + cells.joined(separator: ",") + "\n").utf8)
        let bad = bytes.lastIndex(of: UInt8(ascii: "x"))!
        bytes[bad] = 0xFF
        let file = directory.appendingPathComponent("wide.csv")
        try Data(bytes).write(to: file)
        let schema = directory.appendingPathComponent("any.schema.json")
        try "{}".write(to: schema, atomically: true, encoding: .utf8)

        let result = try CodableBinary.run(["validate", "--schema", schema.path, file.path, file.path])
        #expect(result.status == 1)
        #expect(result.stdout.components(separatedBy: "invalid UTF-8").count == 3, "\(result.stdout.prefix(400))")
    }

    @Test func reportGoesToTheOutputFileAtomically() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("report.xml")
        let result = try CodableBinary.run([
            "validate", "--model", Self.model, "--type", "Todo", "--report", "junit", "-o", target.path,
            "Samples/validate/todos-bad.jsonl",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("1 file, 4 records, 6 errors in "))
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.xml"])

        let unwritable = try CodableBinary.run([
            "validate", "--model", Self.model, "--type", "Todo", "-o",
            directory.appendingPathComponent("no/such/dir.txt").path, "Samples/validate/todos-ok.jsonl",
        ])
        #expect(unwritable.status == 3)
        #expect(unwritable.stderr.contains("cannot write output"))
    }

    @Test func globsWalkFolderTreesInSortedOrder() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let valid = "{\"id\": 1, \"title\": \"ok\", \"done\": true, \"createdAt\": 0, \"tags\": [], \"priority\": 1}\n"
        for path in ["b.json", "a/x.json", "a/b/y.json", "a/b/c/w.jsonl", "a/.hidden/z.json", "a/b/notes.txt"] {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try valid.write(to: url, atomically: true, encoding: .utf8)
        }
        func files(_ pattern: String) throws -> [String] {
            let result = try CodableBinary.run(
                ["validate", "--model", Self.model, "--type", "Todo", "--report", "json", pattern], in: directory)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (document?["files"] as? [[String: Any]])?.compactMap { $0["file"] as? String } ?? []
        }
        #expect(try files("**/*.json") == ["a/b/y.json", "a/x.json", "b.json"])
        #expect(try files("a/**/*.json*") == ["a/b/c/w.jsonl", "a/b/y.json", "a/x.json"])
        #expect(try files("a/*/*.json") == ["a/b/y.json"])
        #expect(try files("a/.hidden/*.json") == ["a/.hidden/z.json"])
        #expect(try files("?.json") == ["b.json"])
        #expect(try files("a/**") == ["a/b/c/w.jsonl", "a/b/notes.txt", "a/b/y.json", "a/x.json"])
        let none = try CodableBinary.run(
            ["validate", "--model", Self.model, "--type", "Todo", "c/**/*.json"], in: directory)
        #expect(none.status == 3)
        #expect(none.stderr.hasPrefix("c/**/*.json: error: cannot read input: no file matches this pattern\n"))
    }

    @Test func bigStreamsAreCheckedRecordByRecord() throws {
        var input = ""
        for index in 1...20_000 {
            input +=
                "{\"id\": \(index), \"title\": \"t\", \"done\": \(index % 5000 == 0 ? "0" : "true"), \"createdAt\": 0, \"tags\": [], \"priority\": 1}\n"
        }
        let result = try CodableBinary.run(
            ["validate", "--model", Self.model, "--type", "Todo", "--report", "github", "--from", "jsonl"], stdin: input
        )
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        for (index, line) in lines.enumerated() {
            let number = (index + 1) * 5000
            #expect(
                line.hasPrefix(
                    "::error file=<stdin>,line=\(number),col=\(32 + String(number).count),title=typeMismatch at $[\(number - 1)].done::"
                ))
        }
        #expect(result.stderr.hasPrefix("1 file, 20000 records, 4 errors in "))
    }
}
