import CodableParsing

/// The GitLab report: GitLab's Code Quality report (the Code Climate issue format GitLab reads
/// from `artifacts: reports: codequality:`), shown in merge requests beside the JUnit report.
///
/// One JSON array, one issue per problem: `description` (the message, with the coding path and
/// the rule's place), `check_name` (the schema keyword, the decoding failure kind, or
/// `syntax`), `fingerprint`, `severity` (`major` for a value that breaks a rule, `critical` for
/// malformed input, `blocker` for an input that could not be read) and `location` (the file and
/// the value's line and column). The fingerprint tells issues apart across runs, as GitLab
/// needs to show what a merge request added or fixed: it hashes the file, the coding path, the
/// rule and the message, and not the line, so that a problem moved by an edit above it is the
/// same problem. Issues are written as they are found.
public final class GitLabReport: ValidationReport {
    private var issues = 0

    /// A GitLab Code Quality report.
    public init() {}

    public func problem(_ problem: ValidationProblem) -> String {
        var description = problem.message
        if problem.kind == .invalid {
            description += " (at \(problem.path)"
            if !problem.ruleLocation.isEmpty { description += ", \(problem.ruleSource) \(problem.ruleLocation)" }
            description += ")"
        }
        return issue(
            description: description, checkName: problem.rule,
            severity: problem.kind == .malformed ? "critical" : "major", file: problem.file,
            line: problem.location.line, column: problem.location.column,
            identity: [problem.file, problem.path, problem.rule, problem.ruleLocation, problem.message])
    }

    public func finish(_ outcome: FileOutcome) -> String {
        guard let reason = outcome.unreadable else { return "" }
        let description = "cannot read input: \(reason)"
        return issue(
            description: description, checkName: "unreadable", severity: "blocker", file: outcome.file, line: 1,
            column: 1, identity: [outcome.file, "unreadable", description])
    }

    public func end(_ summary: ValidationSummary) -> String {
        issues == 0 ? "[]\n" : "\n]\n"
    }

    /// One issue, after `[` (the first) or `,`.
    private func issue(
        description: String, checkName: String, severity: String, file: String, line: Int, column: Int,
        identity: [String]
    ) -> String {
        var text = issues == 0 ? "[\n  " : ",\n  "
        issues += 1
        var object = JSONObjectText(capacity: description.utf8.count + file.utf8.count + 200)
        object.add("type", string: "issue")
        object.add("check_name", string: checkName)
        object.add("description", string: description)
        object.add("severity", string: severity)
        object.add("fingerprint", string: Self.fingerprint(identity))
        object.add(
            "location",
            json: JSONText.object([
                ("path", JSONText.quote(Self.path(file))),
                (
                    "positions",
                    JSONText.object([("begin", JSONText.object([("line", "\(line)"), ("column", "\(column)")]))])
                ),
            ]))
        text += object.finish()
        return text
    }

    /// A file's path as GitLab links it: from the repository root, `./` dropped.
    static func path(_ file: String) -> String {
        var path = file
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// 32 hex digits that name `parts` (`StableHash`): stable across runs, platforms and
    /// versions.
    static func fingerprint(_ parts: [String]) -> String {
        StableHash.hex(parts.map(\.utf8))
    }
}
