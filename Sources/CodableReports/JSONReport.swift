/// The JSON report: one JSON document, version 1, described in `docs/validate-report.md`.
///
/// Written as it goes: the header first, each input's entry (with its problems) once the input
/// is checked, the summary at the end. One problem per line, so that the report also greps well.
public final class JSONReport: ValidationReport {
    /// The report format's version; it changes only when a field changes meaning or goes away.
    public static let version = 1

    private let tool: ToolInfo
    private let subject: ValidationSubject
    private var started = false
    private var firstFile = true
    /// The problems of the input being checked, written once its counts are known.
    private let pending: TextSpool

    /// A JSON report about checking against `subject`; an input's problems past 256 KiB wait
    /// in a temporary file in `spoolDirectory` (nil: in memory).
    public init(tool: ToolInfo, subject: ValidationSubject, spoolDirectory: String? = nil) {
        self.tool = tool
        self.subject = subject
        pending = TextSpool(directory: spoolDirectory)
    }

    public func problem(_ problem: ValidationProblem) -> String {
        if !pending.isEmpty { pending.append(",\n      ") }
        pending.append(Self.problemObject(problem))
        return start()
    }

    public func finish(_ outcome: FileOutcome) -> String {
        CollectedText.collecting { sink throws(ReportWriteError) in try finish(outcome, into: sink) }
    }

    public func finish(_ outcome: FileOutcome, into sink: any ReportSink) throws(ReportWriteError) {
        var text = start()
        text += firstFile ? "\n" : ",\n"
        firstFile = false
        var members: [(String, String)] = [
            ("file", JSONText.quote(outcome.file)), ("status", JSONText.quote(outcome.status)),
            ("records", "\(outcome.records)"), ("errors", "\(outcome.problems)"),
        ]
        if let reason = outcome.unreadable { members.append(("reason", JSONText.quote(reason))) }
        let head = JSONText.object(members)
        if pending.isEmpty {
            sink.write(text + "    " + head.dropLast() + ", \"problems\": []}")
        } else {
            sink.write(text + "    " + head.dropLast() + ", \"problems\": [\n      ")
            try pending.drain { sink.write($0) }
            sink.write("\n    ]}")
        }
    }

    public func end(_ summary: ValidationSummary) -> String {
        var text = start()
        text += firstFile ? "],\n" : "\n  ],\n"
        let totals = JSONText.object([
            ("valid", summary.errors == 0 && summary.unreadableFiles == 0 ? "true" : "false"),
            ("files", "\(summary.files)"), ("records", "\(summary.records)"), ("errors", "\(summary.errors)"),
            ("invalidFiles", "\(summary.invalidFiles)"), ("unreadableFiles", "\(summary.unreadableFiles)"),
            ("maxErrorsReached", summary.stoppedAtLimit != nil ? "true" : "false"),
        ])
        return text + "  \"summary\": \(totals)\n}\n"
    }

    private func start() -> String {
        guard !started else { return "" }
        started = true
        var against: [(String, String)] = [
            ("kind", JSONText.quote(subject.kind)), ("source", JSONText.quote(subject.source)),
        ]
        if let type = subject.type { against.append(("type", JSONText.quote(type))) }
        return "{\n  \"version\": \(Self.version),\n"
            + "  \"tool\": \(JSONText.object([("name", JSONText.quote(tool.name)), ("version", JSONText.quote(tool.version))])),\n"
            + "  \"against\": \(JSONText.object(against)),\n"
            + "  \"files\": ["
    }

    static func problemObject(_ problem: ValidationProblem) -> String {
        var object = JSONObjectText(
            capacity: problem.path.utf8.count + problem.instancePath.utf8.count + problem.rule.utf8.count
                + problem.ruleLocation.utf8.count + (problem.absoluteRuleLocation?.utf8.count ?? 4)
                + problem.message.utf8.count + 180)
        object.add("line", problem.location.line)
        object.add("column", problem.location.column)
        object.add("record", json: problem.record.map(String.init) ?? "null")
        object.add("path", string: problem.path)
        object.add("instancePath", string: problem.instancePath)
        object.add("kind", string: problem.kind.rawValue)
        object.add("rule", string: problem.rule)
        object.add("ruleLocation", string: problem.ruleLocation)
        if let absolute = problem.absoluteRuleLocation {
            object.add("absoluteRuleLocation", string: absolute)
        } else {
            object.add("absoluteRuleLocation", json: "null")
        }
        object.add("message", string: problem.message)
        return object.finish()
    }
}
