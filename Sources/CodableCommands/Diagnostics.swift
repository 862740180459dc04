import CodableParsing

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
            return heading("\(input):\(location.line):\(location.column)", reason.description) + caret(excerpt)
        case .invalidValue(let input, let message, let codingPath, let location, let excerpt):
            return heading("\(input):\(location.line):\(location.column)", message) + "    at \(codingPath)\n" + caret(excerpt)
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
            return heading(place ?? "codable", "cannot read model: \(reason)")
        case .recordsSkipped(let count):
            return heading("codable", "\(count) record\(count == 1 ? "" : "s") skipped (--on-error skip)")
        }
    }

    /// Prints a failure to standard error.
    func report(_ failure: CommandFailure) {
        Terminal.writeToStandardError(render(failure))
    }

    /// Prints an informational note to standard error.
    func note(_ text: String) {
        let label = color ? "\u{1B}[1;36mnote:\u{1B}[0m" : "note:"
        Terminal.writeToStandardError("codable: \(label) \(text)\n")
    }

    private func heading(_ place: String, _ message: String) -> String {
        let error = color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        let place = color ? "\u{1B}[1m\(place):\u{1B}[0m" : "\(place):"
        return "\(place) \(error) \(message)\n"
    }

    private func caret(_ excerpt: SourceExcerpt) -> String {
        guard !excerpt.text.isEmpty else { return "" }
        let pointer = String(repeating: " ", count: excerpt.caretColumn) + "^"
        return "    \(excerpt.text)\n    \(color ? "\u{1B}[1;32m\(pointer)\u{1B}[0m" : pointer)\n"
    }
}
