import CodableParsing
import Testing

@testable import CodableReports

/// The report writers on fixed problems: their exact text, and escaping of awkward characters.
@Suite struct ReportTests {
    static let tool = ToolInfo(name: "codable", version: "9.9.9", informationURI: "https://example.com/codable")
    static let subject = ValidationSubject(kind: "schema", source: "todo.schema.json")

    static func problem(
        file: String = "data/a.jsonl", message: String = "expected string, found number 42", path: String = "$[2].title"
    ) -> ValidationProblem {
        ValidationProblem(
            file: file, location: SourceLocation(offset: 40, line: 3, column: 12),
            excerpt: SourceExcerpt(text: "{\"id\": 3, \"title\": 42}", caretColumn: 19), record: 2, path: path,
            instancePath: "/title", rule: "type", ruleLocation: "/properties/title/type", message: message)
    }

    static let malformed = ValidationProblem(
        file: "data/b.json", location: SourceLocation(offset: 9, line: 2, column: 1), excerpt: nil, record: nil,
        path: "",
        instancePath: "", rule: "syntax", ruleLocation: "", message: "unexpected end of input", kind: .malformed)

    @Test func textLooksLikeACompilerError() {
        let report = TextReport(color: false)
        #expect(
            report.problem(Self.problem()) == """
                data/a.jsonl:3:12: error: expected string, found number 42
                    at $[2].title (schema /properties/title/type)
                    {"id": 3, "title": 42}
                                       ^

                """)
        #expect(report.problem(Self.malformed) == "data/b.json:2:1: error: unexpected end of input\n")
    }

    @Test func textColoursOnlyWhenAsked() {
        #expect(TextReport(color: true).problem(Self.problem()).contains("\u{1B}[1;31merror:"))
        #expect(!TextReport(color: false).problem(Self.problem()).contains("\u{1B}"))
    }

    /// The source line and the caret under it, exactly: plain and coloured, after characters of
    /// more than one byte, at the line's start, and nothing without a line; the coloured
    /// heading, made alone and appended, and a whole coloured problem.
    @Test func caretLinesAreExact() {
        let plain = DiagnosticStyle(color: false)
        let coloured = DiagnosticStyle(color: true)
        #expect(plain.caret(SourceExcerpt(text: "{\"é\": 日本}", caretColumn: 6)) == "    {\"é\": 日本}\n          ^\n")
        #expect(
            coloured.caret(SourceExcerpt(text: "[1,x]", caretColumn: 3)) == "    [1,x]\n    \u{1B}[1;32m   ^\u{1B}[0m\n"
        )
        #expect(plain.caret(SourceExcerpt(text: "x", caretColumn: 0)) == "    x\n    ^\n")
        #expect(plain.caret(SourceExcerpt(text: "", caretColumn: 0)) == "" && coloured.caret(nil) == "")
        #expect(
            coloured.heading("a.json:2:7", "bad") == "\u{1B}[1ma.json:2:7:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m bad\n")
        var text = "x"
        coloured.appendHeading(to: &text, file: "a.json", line: 2, column: 7, message: "bad")
        #expect(text == "x" + coloured.heading("a.json:2:7", "bad"))
        #expect(
            TextReport(color: true).problem(Self.problem()) == """
                \u{1B}[1mdata/a.jsonl:3:12:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m expected string, found number 42
                    at $[2].title (schema /properties/title/type)
                    {"id": 3, "title": 42}
                    \u{1B}[1;32m                   ^\u{1B}[0m

                """)
    }

    /// The two heading writers (a place made already, or a file, line and column) write the same
    /// bytes, plain and coloured, alone and appended after earlier text.
    @Test func headingWritersAgree() {
        for (style, expected) in [
            (DiagnosticStyle(color: false), "f.yaml:10:3: error: m ü\n"),
            (DiagnosticStyle(color: true), "\u{1B}[1mf.yaml:10:3:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m m ü\n"),
        ] {
            #expect(style.heading("f.yaml:10:3", "m ü") == expected)
            var byPlace = "before\n"
            var byParts = "before\n"
            style.appendHeading(to: &byPlace, place: "f.yaml:10:3", message: "m ü")
            style.appendHeading(to: &byParts, file: "f.yaml", line: 10, column: 3, message: "m ü")
            #expect(byPlace == "before\n" + expected)
            #expect(byParts == byPlace)
        }
    }

    @Test func githubEscapesDataAndProperties() {
        #expect(GitHubReport.escapeData("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
        #expect(GitHubReport.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        let line = GitHubReport().problem(Self.problem(file: "dir,x/a:b.jsonl", message: "100% wrong\nreally"))
        #expect(
            line
                == "::error file=dir%2Cx/a%3Ab.jsonl,line=3,col=12,title=type at $[2].title::100%25 wrong%0Areally%0Aschema /properties/title/type\n"
        )
    }

    /// The escapers hand back text with nothing to escape as it is, and escape only what they
    /// must around characters of more than one byte (they work on UTF-8 bytes).
    @Test func escapersLeaveOtherTextAsItIs() {
        #expect(GitHubReport.escapeData("naïve ✓ text, a:b") == "naïve ✓ text, a:b")
        #expect(GitHubReport.escapeProperty("données/é.json") == "données/é.json")
        #expect(GitHubReport.escapeData("é%\n✓\r") == "é%25%0A✓%0D")
        #expect(GitHubReport.escapeProperty("ü:,%\n🙂") == "ü%3A%2C%25%0A🙂")
        #expect(JUnitReport.text("plain é ✓ 'q' \"q\"") == "plain é ✓ 'q' \"q\"")
        #expect(JUnitReport.text("naïve ✓ <b> & c") == "naïve ✓ &lt;b&gt; &amp; c")
        // U+F000 starts with the byte U+FFFE and U+FFFF start with, and is kept.
        #expect(JUnitReport.text("\u{F000}\u{FFFE}\u{FFFF}\u{01}") == "\u{F000}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(JUnitReport.attribute("it's \"q\"") == "\"it&apos;s &quot;q&quot;\"")
        let report = JSONReport(tool: Self.tool, subject: Self.subject)
        _ = report.problem(Self.problem(message: "naïve ✓", path: "$[2].título"))
        let text = report.finish(FileOutcome(file: "données.jsonl", records: 3, problems: 1))
        #expect(
            text.contains(
                "{\"file\": \"données.jsonl\", \"status\": \"invalid\", \"records\": 3, \"errors\": 1, \"problems\": [")
        )
        #expect(text.contains("\"path\": \"$[2].título\""))
        #expect(text.contains("\"message\": \"naïve ✓\""))
    }

    @Test func githubReportsUnreadableFiles() {
        let text = GitHubReport().finish(
            FileOutcome(file: "gone.json", records: 0, problems: 0, unreadable: "No such file or directory"))
        #expect(
            text == "::error file=gone.json,title=cannot read input::cannot read input: No such file or directory\n")
    }

    @Test func jsonReportIsOneDocumentInAStableShape() {
        let report = JSONReport(tool: Self.tool, subject: Self.subject)
        var text = report.problem(Self.problem(message: "tab\there \"quoted\" \u{01}"))
        text += report.finish(FileOutcome(file: "data/a.jsonl", records: 3, problems: 1))
        text += report.finish(
            FileOutcome(file: "gone.json", records: 0, problems: 0, unreadable: "No such file or directory"))
        var summary = ValidationSummary()
        summary.files = 2
        summary.records = 3
        summary.errors = 1
        summary.invalidFiles = 1
        summary.unreadableFiles = 1
        text += report.end(summary)
        #expect(
            text == """
                {
                  "version": 1,
                  "tool": {"name": "codable", "version": "9.9.9"},
                  "against": {"kind": "schema", "source": "todo.schema.json"},
                  "files": [
                    {"file": "data/a.jsonl", "status": "invalid", "records": 3, "errors": 1, "problems": [
                      {"line": 3, "column": 12, "record": 2, "path": "$[2].title", "instancePath": "/title", "kind": "invalid", "rule": "type", "ruleLocation": "/properties/title/type", "absoluteRuleLocation": null, "message": "tab\\there \\"quoted\\" \\u0001"}
                    ]},
                    {"file": "gone.json", "status": "unreadable", "records": 0, "errors": 0, "reason": "No such file or directory", "problems": []}
                  ],
                  "summary": {"valid": false, "files": 2, "records": 3, "errors": 1, "invalidFiles": 1, "unreadableFiles": 1, "maxErrorsReached": false}
                }

                """)
    }

    @Test func jsonReportWithNoFiles() {
        let report = JSONReport(tool: Self.tool, subject: Self.subject)
        #expect(report.end(ValidationSummary()).contains("\"files\": [],\n  \"summary\""))
    }

    @Test func junitEscapesXMLAndCountsCases() {
        let report = JUnitReport(subject: Self.subject)
        _ = report.problem(Self.problem(file: "a&b.jsonl", message: "<expected> \"x\" & 'y' \u{01}"))
        _ = report.finish(FileOutcome(file: "a&b.jsonl", records: 3, problems: 1))
        _ = report.finish(FileOutcome(file: "ok.jsonl", records: 2, problems: 0))
        _ = report.finish(FileOutcome(file: "gone\".json", records: 0, problems: 0, unreadable: "No such file"))
        let xml = report.end(ValidationSummary())
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="codable validate" tests="3" failures="1" errors="1">
                  <testsuite name="codable validate against todo.schema.json" tests="3" failures="1" errors="1" skipped="0">
                    <testcase classname="todo.schema.json" name="a&amp;b.jsonl">
                      <failure type="invalid" message="1 problem in 3 records">a&amp;b.jsonl:3:12: &lt;expected&gt; "x" &amp; 'y' \u{FFFD} (at $[2].title, schema /properties/title/type)</failure>
                    </testcase>
                    <testcase classname="todo.schema.json" name="ok.jsonl"/>
                    <testcase classname="todo.schema.json" name="gone&quot;.json">
                      <error type="unreadable" message="cannot read input: No such file"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
        #expect(JUnitReport.attribute("a\nb\tc") == "\"a&#10;b&#9;c\"")
    }

    @Test func sarifHasWhatGitHubCodeScanningReads() {
        let report = SARIFReport(tool: Self.tool, subject: Self.subject)
        _ = report.problem(Self.problem())
        _ = report.problem(Self.problem(path: "$[4].title"))
        _ = report.problem(Self.malformed)
        _ = report.finish(FileOutcome(file: "gone.json", records: 0, problems: 0, unreadable: "No such file"))
        let sarif = report.end(ValidationSummary())
        #expect(
            sarif.contains(
                "\"$schema\": \"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json\""
            ))
        #expect(sarif.contains("\"version\": \"2.1.0\""))
        #expect(
            sarif.contains(
                "\"driver\": {\"name\": \"codable\", \"version\": \"9.9.9\", \"semanticVersion\": \"9.9.9\", \"informationUri\": \"https://example.com/codable\", \"rules\": ["
            ))
        // One rule per rule broken, in order of first appearance; results point at them.
        #expect(sarif.split(separator: "defaultConfiguration", omittingEmptySubsequences: false).count == 3)
        #expect(
            sarif.contains(
                "{\"ruleId\": \"type\", \"ruleIndex\": 0, \"level\": \"error\", \"message\": {\"text\": \"expected string, found number 42 (at $[4].title, schema /properties/title/type)\"}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"data/a.jsonl\"}, \"region\": {\"startLine\": 3, \"startColumn\": 12}}}]}"
            ))
        #expect(sarif.contains("{\"ruleId\": \"syntax\", \"ruleIndex\": 1,"))
        #expect(sarif.contains("\"columnKind\": \"unicodeCodePoints\""))
        #expect(sarif.contains("\"executionSuccessful\": false"))
        #expect(sarif.contains("gone.json: cannot read input: No such file"))
    }

    @Test func gitlabIsCodeQualityJSON() throws {
        let report = GitLabReport()
        #expect(report.end(ValidationSummary()) == "[]\n")
        let again = GitLabReport()
        let text =
            again.problem(Self.problem(file: "./data/a.jsonl")) + again.problem(Self.malformed)
            + again.finish(FileOutcome(file: "gone.json", records: 0, problems: 0, unreadable: "No such file"))
            + again.end(ValidationSummary())
        #expect(
            text.hasPrefix(
                """
                [
                  {"type": "issue", "check_name": "type", "description": "expected string, found number 42 (at $[2].title, schema /properties/title/type)", "severity": "major", "fingerprint": "
                """))
        #expect(
            text.contains(#""location": {"path": "data/a.jsonl", "positions": {"begin": {"line": 3, "column": 12}}}}"#))
        #expect(
            text.contains(#""check_name": "syntax", "description": "unexpected end of input", "severity": "critical""#))
        #expect(
            text.contains(
                #""check_name": "unreadable", "description": "cannot read input: No such file", "severity": "blocker""#)
        )
        #expect(text.hasSuffix("}\n]\n"))
    }

    /// Fingerprints tell problems apart, and stay when only the line moves.
    @Test func gitlabFingerprintsNameTheProblemNotItsLine() {
        let first = GitLabReport.fingerprint(["a.json", "$[1].x", "type", "/type", "expected string"])
        #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
        #expect(first == GitLabReport.fingerprint(["a.json", "$[1].x", "type", "/type", "expected string"]))
        #expect(first != GitLabReport.fingerprint(["a.json", "$[2].x", "type", "/type", "expected string"]))
        #expect(
            GitLabReport.fingerprint(["ab", "c"]) != GitLabReport.fingerprint(["a", "bc"]),
            "parts are kept apart")
    }

    /// Each result names its own file, as problems of one input and then another come.
    @Test func sarifResultsNameTheirOwnFile() {
        let report = SARIFReport(tool: Self.tool, subject: Self.subject)
        for file in ["data/a.jsonl", "data/a.jsonl", "b c.json", "data/a.jsonl"] {
            _ = report.problem(Self.problem(file: file))
        }
        let uris = report.end(ValidationSummary()).split(separator: "\"uri\": ").dropFirst().map {
            $0.prefix { $0 != "}" }
        }
        #expect(uris == ["\"data/a.jsonl\"", "\"data/a.jsonl\"", "\"b%20c.json\"", "\"data/a.jsonl\""])
    }

    @Test func sarifURIsAreRelativeAndEncoded() {
        #expect(SARIFReport.uri("./data/a b#1.json") == "data/a%20b%231.json")
        #expect(SARIFReport.uri("/abs/é.json") == "file:///abs/%C3%A9.json")
        #expect(SARIFReport.uri("<stdin>") == "%3Cstdin%3E")
        // A colon before the first slash would make the rest a URI of that scheme.
        #expect(SARIFReport.uri("c:d.json") == "c%3Ad.json")
        #expect(SARIFReport.uri("./c:d/e:f.json") == "c%3Ad/e:f.json")
        #expect(SARIFReport.uri("/c:d.json") == "file:///c:d.json")
    }

    @Test func summaryLine() {
        var summary = ValidationSummary()
        summary.files = 1
        summary.records = 12
        summary.errors = 1
        summary.seconds = 0.4249
        #expect(summary.line == "1 file, 12 records, 1 error in 0.42 s")
        summary.unreadableFiles = 2
        summary.stoppedAtLimit = 1
        summary.seconds = 3.006
        #expect(
            summary.line
                == "1 file, 12 records, 1 error, 2 unreadable in 3.01 s"
        )
    }
}
