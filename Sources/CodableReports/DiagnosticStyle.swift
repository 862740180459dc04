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
        var text = ""
        appendHeading(to: &text, place: place, message: message)
        return text
    }

    /// `FILE:LINE:COL: error: MESSAGE` and a line break, appended to `text` piece by piece,
    /// without a string made for the place first (a text report writes one a problem).
    public func appendHeading(to text: inout String, file: String, line: Int, column: Int, message: String) {
        if color { text += "\u{1B}[1m" }
        text += file
        text += ":"
        text += String(line)
        text += ":"
        text += String(column)
        appendErrorLabel(to: &text, message: message)
    }

    /// `PLACE: error: MESSAGE` and a line break, appended to `text`.
    public func appendHeading(to text: inout String, place: String, message: String) {
        if color { text += "\u{1B}[1m" }
        text += place
        appendErrorLabel(to: &text, message: message)
    }

    /// The heading's tail after the place (whose bold, when coloured, it ends): `: error: MESSAGE`
    /// and a line break.
    private func appendErrorLabel(to text: inout String, message: String) {
        text += color ? ":\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m " : ": error: "
        text += message
        text += "\n"
    }

    /// `PLACE: note: TEXT` and a line break.
    public func note(_ place: String, _ text: String) -> String {
        let label = color ? "\u{1B}[1;36mnote:\u{1B}[0m" : "note:"
        return "\(place): \(label) \(text)\n"
    }

    /// The source line and a caret under the column; empty when there is no source line.
    /// Written into one string of the size it needs: made once a problem, the pieces joined one
    /// by one would weigh on a run with no problem limit over a row of bad cells.
    public func caret(_ excerpt: SourceExcerpt?) -> String {
        guard let excerpt, !excerpt.text.isEmpty else { return "" }
        var line = excerpt.text
        let (on, off): (StaticString, StaticString) = color ? ("\u{1B}[1;32m", "\u{1B}[0m") : ("", "")
        let spaces = max(0, excerpt.caretColumn)
        return line.withUTF8 { line in
            String(
                unsafeUninitializedCapacity: 4 + line.count + 5 + on.utf8CodeUnitCount + spaces + 1
                    + off.utf8CodeUnitCount + 1
            ) { out in
                var end = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: out[end...]).initialize(fromContentsOf: bytes)
                    end += bytes.count
                }
                func put(_ byte: UInt8, count: Int) {
                    UnsafeMutableBufferPointer(rebasing: out[end..<end + count]).initialize(repeating: byte)
                    end += count
                }
                put(UInt8(ascii: " "), count: 4)
                put(line)
                put(UInt8(ascii: "\n"), count: 1)
                put(UInt8(ascii: " "), count: 4)
                put(UnsafeBufferPointer(start: on.utf8Start, count: on.utf8CodeUnitCount))
                put(UInt8(ascii: " "), count: spaces)
                put(UInt8(ascii: "^"), count: 1)
                put(UnsafeBufferPointer(start: off.utf8Start, count: off.utf8CodeUnitCount))
                put(UInt8(ascii: "\n"), count: 1)
                return end
            }
        }
    }
}
