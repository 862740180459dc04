/// `--report text`: each problem as a compiler would print it, as soon as it is found.
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

    public func problem(_ problem: ValidationProblem) -> String {
        var text = style.heading("\(problem.file):\(problem.location.line):\(problem.location.column)", problem.message)
        if problem.kind == .invalid {
            var at = "at \(problem.path)"
            if !problem.ruleLocation.isEmpty { at += " (\(problem.ruleSource) \(problem.ruleLocation))" }
            text += style.detail(at)
        }
        return text + style.caret(problem.excerpt)
    }

    public func finish(_ outcome: FileOutcome) -> String { "" }

    public func end(_ summary: ValidationSummary) -> String { "" }
}
