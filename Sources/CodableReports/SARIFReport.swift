import CodableParsing

/// The SARIF report: SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`)
/// and other SARIF readers.
///
/// One run; `tool.driver` names `codable` with its version, information URI and one rule per
/// rule broken (a JSON Schema keyword, a decoding failure kind, or `syntax`); each problem is a
/// result with `ruleId`, `ruleIndex`, `level: error`, `message.text` and one physical location
/// (a relative URI and the region's start line and column). Columns count Unicode code points,
/// as the run's `columnKind` says. Unreadable inputs are tool execution notifications of the
/// run's invocation, which is then not successful. Written at the end, as one document.
public final class SARIFReport: ValidationReport {
    /// The SARIF 2.1.0 JSON schema.
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    private let tool: ToolInfo
    private let subject: ValidationSubject
    private var rules: [String] = []
    private var ruleIndex: [String: Int] = [:]
    /// The results so far, as JSON, one after another.
    private let results: TextSpool
    private var notifications: [String] = []
    /// The last file's `artifactLocation`, as JSON: an input's problems all name the same file.
    private var lastArtifact: (file: String, json: String)?

    /// A SARIF report about checking against `subject`; its results past 256 KiB wait in a
    /// temporary file in `spoolDirectory` (nil: in memory).
    public init(tool: ToolInfo, subject: ValidationSubject, spoolDirectory: String? = nil) {
        self.tool = tool
        self.subject = subject
        results = TextSpool(directory: spoolDirectory)
    }

    public func problem(_ problem: ValidationProblem) -> String {
        let index = self.index(ofRule: problem.rule, kind: problem.kind)
        var message = problem.message
        if problem.kind == .invalid {
            message += " (at \(problem.path)"
            if !problem.ruleLocation.isEmpty { message += ", \(problem.ruleSource) \(problem.ruleLocation)" }
            message += ")"
        }
        if !results.isEmpty { results.append(",\n        ") }
        // Written in place, as `JSONText.object` nests objects: made of nested objects, a result
        // would be a large share of a SARIF report's time where every record is bad.
        var result = "{\"ruleId\": "
        result.reserveCapacity(problem.rule.utf8.count + message.utf8.count + problem.file.utf8.count + 200)
        JSONText.appendQuoted(problem.rule, to: &result)
        result += ", \"ruleIndex\": \(index), \"level\": \"error\", \"message\": {\"text\": "
        JSONText.appendQuoted(message, to: &result)
        result += "}, \"locations\": "
        appendLocations(file: problem.file, start: problem.location, to: &result)
        result += "}"
        results.append(result)
        return ""
    }

    public func finish(_ outcome: FileOutcome) -> String {
        if let reason = outcome.unreadable {
            notifications.append(
                JSONText.object([
                    ("level", "\"error\""),
                    (
                        "message",
                        JSONText.object([("text", JSONText.quote("\(outcome.file): cannot read input: \(reason)"))])
                    ),
                    ("locations", locations(file: outcome.file, start: nil)),
                ]))
        }
        return ""
    }

    public func end(_ summary: ValidationSummary) -> String {
        CollectedText.collecting { sink throws(ReportWriteError) in try end(summary, into: sink) }
    }

    public func end(_ summary: ValidationSummary, into sink: any ReportSink) throws(ReportWriteError) {
        let driver = JSONText.object([
            ("name", JSONText.quote(tool.name)), ("version", JSONText.quote(tool.version)),
            ("semanticVersion", JSONText.quote(tool.version)), ("informationUri", JSONText.quote(tool.informationURI)),
            (
                "rules",
                rules.isEmpty ? "[]" : "[\n          " + rules.joined(separator: ",\n          ") + "\n        ]"
            ),
        ])
        let invocation = JSONText.object([
            ("executionSuccessful", notifications.isEmpty ? "true" : "false"),
            ("toolExecutionNotifications", "[" + notifications.joined(separator: ", ") + "]"),
        ])
        sink.write(
            "{\n  \"$schema\": \(JSONText.quote(Self.schemaURI)),\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
                + "      \"tool\": {\n        \"driver\": " + driver.dropLast() + "}\n      },\n"
                + "      \"columnKind\": \"unicodeCodePoints\",\n"
                + "      \"invocations\": [\(invocation)],\n"
                + "      \"results\": [")
        if !results.isEmpty {
            sink.write("\n        ")
            try results.drain { sink.write($0) }
            sink.write("\n      ")
        }
        sink.write("]\n    }\n  ]\n}\n")
    }

    private func index(ofRule rule: String, kind: ValidationProblem.Kind) -> Int {
        if let index = ruleIndex[rule] { return index }
        let index = rules.count
        ruleIndex[rule] = index
        let description: String
        switch kind {
        case .malformed: description = "The input is not well-formed."
        case .invalid where subject.kind == "schema":
            description = "A value breaks the JSON Schema keyword \"\(rule)\"."
        case .invalid: description = "A value does not decode as the model says (\(rule))."
        }
        rules.append(
            JSONText.object([
                ("id", JSONText.quote(rule)), ("name", JSONText.quote(rule)),
                ("shortDescription", JSONText.object([("text", JSONText.quote(description))])),
                ("defaultConfiguration", JSONText.object([("level", "\"error\"")])),
            ]))
        return index
    }

    /// The `locations` of a result or a notification: its one physical location, in `file`, at
    /// `start` when given.
    private func locations(file: String, start: SourceLocation?) -> String {
        var text = ""
        appendLocations(file: file, start: start, to: &text)
        return text
    }

    /// Appends `locations` (see `locations(file:start:)`), written in place as `JSONText.object`
    /// writes objects: a result's, for every problem.
    private func appendLocations(file: String, start: SourceLocation?, to text: inout String) {
        text += "[{\"physicalLocation\": {\"artifactLocation\": "
        text += artifactLocation(file)
        if let start {
            text += ", \"region\": {\"startLine\": \(start.line), \"startColumn\": \(start.column)}"
        }
        text += "}}]"
    }

    /// `{"uri": …}` for `file`, made once for the problems of one input in a row.
    private func artifactLocation(_ file: String) -> String {
        if let lastArtifact, lastArtifact.file == file { return lastArtifact.json }
        let json = JSONText.object([("uri", JSONText.quote(Self.uri(file)))])
        lastArtifact = (file, json)
        return json
    }

    /// A file path as a URI reference: relative paths stay relative (GitHub resolves them from
    /// the repository root), `./` dropped; absolute paths become `file://` URIs; characters a URI
    /// cannot hold are percent-encoded, and so is a colon before a relative path's first `/`
    /// (RFC 3986, 4.2: `c:d.json` would be read as a URI of scheme `c`).
    public static func uri(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        let isRelative = !path.hasPrefix("/")
        var inFirstSegment = isRelative
        var encoded = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte == UInt8(ascii: "/") { inFirstSegment = false }
            if byte == UInt8(ascii: ":") && inFirstSegment {
                encoded += "%3A"
            } else if byte < 0x80, character.isLetter || character.isNumber || "-._~/!$&'()*+,;=:@".contains(character)
            {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return isRelative ? encoded : "file://" + encoded
    }
}
