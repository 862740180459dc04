/// The GitHub report: GitHub Actions workflow commands, one `::error` per problem, which the
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
        return Self.command(
            "error",
            [
                ("file", problem.file), ("line", "\(problem.location.line)"), ("col", "\(problem.location.column)"),
                ("title", title),
            ], message)
    }

    public func finish(_ outcome: FileOutcome) -> String {
        guard let reason = outcome.unreadable else { return "" }
        return Self.command(
            "error", [("file", outcome.file), ("title", "cannot read input")], "cannot read input: \(reason)")
    }

    public func end(_ summary: ValidationSummary) -> String { "" }

    /// `::NAME key=value,…::message` and a line break, escaped: one string, written in place (a
    /// problem's command built from pieces would be a large share of a GitHub
    /// report's time where every record is bad).
    public static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        var text = "::"
        text.reserveCapacity(
            name.utf8.count + message.utf8.count + properties.reduce(8) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        text += name
        for (index, (key, value)) in properties.enumerated() {
            text += index == 0 ? " " : ","
            text += key
            text += "="
            text += escapeProperty(value)
        }
        text += "::"
        text += escapeData(message)
        text += "\n"
        return text
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    public static func escapeData(_ text: String) -> String {
        replacing(in: text) { byte in
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case 0x0D: "%0D"
            case 0x0A: "%0A"
            default: nil
            }
        }
    }

    /// A workflow command's property value: as a message, and `:` and `,` escaped too.
    public static func escapeProperty(_ text: String) -> String {
        replacing(in: text) { byte in
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case 0x0D: "%0D"
            case 0x0A: "%0A"
            case UInt8(ascii: ":"): "%3A"
            case UInt8(ascii: ","): "%2C"
            default: nil
            }
        }
    }

    /// `text` with each byte that `replacement` gives text for replaced by it, written in one
    /// buffer (scalar by scalar, escaping would be a large share of a GitHub report's time
    /// where every record is bad: every message has a line break); `text` itself when nothing is.
    /// Only ASCII bytes are replaced, so the UTF-8 stays whole.
    private static func replacing(in text: String, _ replacement: (UInt8) -> StaticString?) -> String {
        var added = 0
        for byte in text.utf8 {
            if let escape = replacement(byte) { added += escape.utf8CodeUnitCount - 1 }
        }
        guard added > 0 else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count + added) { buffer in
            var count = 0
            for byte in text.utf8 {
                if let escape = replacement(byte) {
                    for index in 0..<escape.utf8CodeUnitCount { buffer[count + index] = escape.utf8Start[index] }
                    count += escape.utf8CodeUnitCount
                } else {
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }
}
