/// The JUnit report: JUnit XML, one test case per input file (a file is what a person fixes and
/// what CI lists; a test case per record would flood the list on big files).
///
/// A file with problems fails with one `<failure>` whose message counts the problems and whose
/// text lists them, one per line as `LINE:COL: MESSAGE (at PATH, schema LOCATION)`; an
/// unreadable file is an `<error>`. Written at the end, as the counts head the document; the
/// test cases wait in a `TextSpool` meanwhile.
public final class JUnitReport: ValidationReport {
    private let subject: ValidationSubject
    /// The test cases so far, as XML.
    private let cases: TextSpool
    private var caseCount = 0
    /// The input being checked's problems, escaped, a line each.
    private let pending: TextSpool
    private var failures = 0
    private var errors = 0

    /// A JUnit report about checking against `subject` (the test cases' class name); what it
    /// keeps past 256 KiB waits in temporary files in `spoolDirectory` (nil: in memory).
    public init(subject: ValidationSubject, spoolDirectory: String? = nil) {
        self.subject = subject
        cases = TextSpool(directory: spoolDirectory)
        pending = TextSpool(directory: spoolDirectory)
    }

    public func problem(_ problem: ValidationProblem) -> String {
        var line = "\(problem.file):\(problem.location.line):\(problem.location.column): \(problem.message)"
        if problem.kind == .invalid {
            line += " (at \(problem.path)"
            if !problem.ruleLocation.isEmpty { line += ", \(problem.ruleSource) \(problem.ruleLocation)" }
            line += ")"
        }
        if !pending.isEmpty { pending.append("\n") }
        pending.append(Self.text(line))
        return ""
    }

    public func finish(_ outcome: FileOutcome) -> String {
        CollectedText.collecting { sink throws(ReportWriteError) in try finish(outcome, into: sink) }
    }

    public func finish(_ outcome: FileOutcome, into sink: any ReportSink) throws(ReportWriteError) {
        caseCount += 1
        let head = "    <testcase classname=\(Self.attribute(subject.name)) name=\(Self.attribute(outcome.file))"
        if let reason = outcome.unreadable {
            errors += 1
            cases.append(
                head
                    + ">\n      <error type=\"unreadable\" message=\(Self.attribute("cannot read input: \(reason)"))/>\n    </testcase>\n"
            )
        } else if pending.isEmpty {
            cases.append(head + "/>\n")
        } else {
            failures += 1
            let count = outcome.problems == 1 ? "1 problem" : "\(outcome.problems) problems"
            let message = "\(count) in \(outcome.records == 1 ? "1 record" : "\(outcome.records) records")"
            cases.append(head + ">\n      <failure type=\"invalid\" message=\(Self.attribute(message))>")
            try pending.drain { cases.append($0) }
            cases.append("</failure>\n    </testcase>\n")
        }
    }

    public func end(_ summary: ValidationSummary) -> String {
        CollectedText.collecting { sink throws(ReportWriteError) in try end(summary, into: sink) }
    }

    public func end(_ summary: ValidationSummary, into sink: any ReportSink) throws(ReportWriteError) {
        let counts = "tests=\"\(caseCount)\" failures=\"\(failures)\" errors=\"\(errors)\""
        sink.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<testsuites name=\"codable validate\" \(counts)>\n"
                + "  <testsuite name=\(Self.attribute("codable validate against \(subject.name)")) \(counts) skipped=\"0\">\n"
        )
        try cases.drain { sink.write($0) }
        sink.write("  </testsuite>\n</testsuites>\n")
    }

    /// Element text: `&`, `<`, `>` escaped; characters XML 1.0 forbids replaced with U+FFFD.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// A quoted attribute value: also `"`, `'` and line breaks escaped (they would be normalised
    /// away otherwise).
    public static func attribute(_ value: String) -> String {
        "\"" + escape(value, quotes: true) + "\""
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        // Most text has nothing to escape and is handed back as it is: no control character, no
        // `&<>` (nor quotes, in an attribute), and no 0xEF byte, which U+FFFE and U+FFFF start with.
        let plain = value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0xEF: false
            case UInt8(ascii: "\""), UInt8(ascii: "'"): !quotes
            default: byte >= 0x20
            }
        }
        if plain { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&apos;"
            case "\n" where quotes: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where quotes: result += "&#9;"
            default:
                let allowed = scalar.value >= 0x20 || scalar == "\n" || scalar == "\t"
                let excluded = scalar.value == 0xFFFE || scalar.value == 0xFFFF
                result.unicodeScalars.append(allowed && !excluded ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
