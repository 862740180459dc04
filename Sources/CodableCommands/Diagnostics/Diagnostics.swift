import CodableParsing
import CodableReports

/// The one place that decides how problems look on standard error.
///
/// `FILE:LINE:COL: error: MESSAGE`, then the source line and a caret under the column; colour
/// only on a terminal, never with `NO_COLOR`.
struct Diagnostics {
    /// Use ANSI colours.
    var color: Bool = Terminal.stderrWantsColor

    /// The text for a failure, ending in a newline.
    func render(_ failure: CommandFailure) -> String {
        switch failure {
        case .malformedInput(let input, let reason, let location, let excerpt):
            return heading("\(input):\(location.line):\(location.column)", reason.printedMessage) + caret(excerpt)
        case .invalidValue(let input, let message, let codingPath, let location, let excerpt):
            return heading("\(input):\(location.line):\(location.column)", message) + "    at \(codingPath)\n"
                + caret(excerpt)
        case .unreadableInput(let input, let reason):
            return heading(input, "cannot read input: \(reason)")
        case .unwritableOutput(let output, let reason):
            return heading(output, "cannot write output: \(reason)")
        case .usage(let message):
            return heading("codable", message)
        case .badExpression(let option, let text, let column, let message):
            return heading("codable", "\(option): \(message) (column \(column))")
                + caret(SourceExcerpt(text: text, caretColumn: column - 1))
        case .invalidModel(let place, let message):
            return heading(place ?? "codable", message)
        case .unreadableModel(let place, let reason):
            return heading(place ?? "codable", reason)
        case .recordsSkipped(let count):
            return heading("codable", "\(count) record\(count == 1 ? "" : "s") skipped (--on-error skip)")
        case .invalidDefinition(let place, let message, let detail):
            return heading(place, message) + (detail.map { "    \($0)\n" } ?? "")
        case .reported:
            return ""
        }
    }

    /// Prints a failure to standard error.
    func report(_ failure: CommandFailure) {
        Terminal.writeToStandardError(render(failure))
    }

    /// Prints an informational note to standard error.
    func note(_ text: String) {
        Terminal.writeToStandardError(style.note("codable", text))
    }

    /// Prints a line about the run (a summary) to standard error.
    func line(_ text: String) {
        Terminal.writeToStandardError(text + "\n")
    }

    private var style: DiagnosticStyle { DiagnosticStyle(color: color) }

    private func heading(_ place: String, _ message: String) -> String {
        style.heading(place, message)
    }

    private func caret(_ excerpt: SourceExcerpt) -> String {
        style.caret(excerpt)
    }
}
