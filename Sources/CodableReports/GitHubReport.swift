/// `--report github`: GitHub Actions workflow commands, one `::error` per problem, which the
/// runner turns into annotations on the file and line.
///
/// `::error file=data/a.json,line=3,col=12,title=type at $[2].title::expected string, found number 42`
///
/// Escaping follows the Actions toolkit: in the message, `%` `\r` `\n` become `%25` `%0D` `%0A`;
/// in properties, `:` and `,` also become `%3A` and `%2C`.
public final class GitHubReport: ValidationReport {
    /// A GitHub workflow-command report.
    public init() {}

    public func problem(_ problem: ValidationProblem) -> String {
        let title = problem.kind == .malformed ? "malformed input" : "\(problem.rule) at \(problem.path)"
        var message = problem.message
        if problem.kind == .invalid && !problem.ruleLocation.isEmpty {
            message += "\n\(problem.ruleSource) \(problem.ruleLocation)"
        }
        return Self.command("error", [
            ("file", problem.file), ("line", "\(problem.location.line)"), ("col", "\(problem.location.column)"), ("title", title),
        ], message)
    }

    public func finish(_ outcome: FileOutcome) -> String {
        guard let reason = outcome.unreadable else { return "" }
        return Self.command("error", [("file", outcome.file), ("title", "cannot read input")], "cannot read input: \(reason)")
    }

    public func end(_ summary: ValidationSummary) -> String { "" }

    /// `::NAME key=value,…::message` and a line break, escaped.
    public static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))\n"
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    public static func escapeData(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A workflow command's property value: as a message, and `:` and `,` escaped too.
    public static func escapeProperty(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
