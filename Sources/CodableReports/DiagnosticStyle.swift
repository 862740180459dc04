import CodableParsing

/// How a problem looks to a person: `FILE:LINE:COL: error: MESSAGE`, the path, then the source
/// line and a caret under the column. Shared by the diagnostics printer and the text report, so
/// that an error looks the same wherever it is printed.
public struct DiagnosticStyle: Sendable {
    /// Use ANSI colours.
    public var color: Bool

    /// A style, with or without colour.
    public init(color: Bool) {
        self.color = color
    }

    /// `PLACE: error: MESSAGE` and a line break.
    public func heading(_ place: String, _ message: String) -> String {
        let error = color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        let place = color ? "\u{1B}[1m\(place):\u{1B}[0m" : "\(place):"
        return "\(place) \(error) \(message)\n"
    }

    /// `PLACE: note: TEXT` and a line break.
    public func note(_ place: String, _ text: String) -> String {
        let label = color ? "\u{1B}[1;36mnote:\u{1B}[0m" : "note:"
        return "\(place): \(label) \(text)\n"
    }

    /// An indented detail line (`    at $[0].due`).
    public func detail(_ text: String) -> String {
        "    \(text)\n"
    }

    /// The source line and a caret under the column; empty when there is no source line.
    public func caret(_ excerpt: SourceExcerpt?) -> String {
        guard let excerpt, !excerpt.text.isEmpty else { return "" }
        let pointer = String(repeating: " ", count: excerpt.caretColumn) + "^"
        return "    \(excerpt.text)\n    \(color ? "\u{1B}[1;32m\(pointer)\u{1B}[0m" : pointer)\n"
    }
}
