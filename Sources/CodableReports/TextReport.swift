/// The text report: each problem as a compiler would print it, as soon as it is found.
///
/// ```
/// Samples/todos.jsonl:3:12: error: expected string, found number 42
///     at $[2].title (schema /properties/title/type)
///     {"id": 3, "title": 42, "done": false}
///                ^
/// ```
/// Unreadable inputs and the summary are not part of it: the runner prints those on standard
/// error.
public final class TextReport: ValidationReport {
    private let style: DiagnosticStyle

    /// A text report, coloured or not.
    public init(color: Bool) {
        self.style = DiagnosticStyle(color: color)
    }

    /// Written into one string, made with room for it all: made once a problem, the pieces
    /// joined one by one would weigh on a run with no problem limit where every record is bad.
    public func problem(_ problem: ValidationProblem) -> String {
        var text = ""
        text.reserveCapacity(
            problem.file.utf8.count + problem.message.utf8.count + problem.path.utf8.count
                + problem.ruleSource.utf8.count + problem.ruleLocation.utf8.count + 2
                * (problem.excerpt?.text.utf8.count ?? 0) + 80)
        style.appendHeading(
            to: &text, file: problem.file, line: problem.location.line, column: problem.location.column,
            message: problem.message)
        if problem.kind == .invalid {
            text += "    at "
            text += problem.path
            if !problem.ruleLocation.isEmpty {
                text += " ("
                text += problem.ruleSource
                text += " "
                text += problem.ruleLocation
                text += ")"
            }
            text += "\n"
        }
        text += style.caret(problem.excerpt)
        return text
    }

    public func finish(_ outcome: FileOutcome) -> String { "" }

    public func end(_ summary: ValidationSummary) -> String { "" }
}
