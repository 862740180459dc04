/// A report format: turns problems and outcomes into the text a person or a CI system reads.
///
/// The runner calls `problem` for every problem as it is found, `finish` once per input, then
/// `end` once. Each returns the text to write at that point: formats that can stream (text,
/// GitHub commands) return it at once; formats that are one document (SARIF) keep what they
/// need and return everything from `end`.
public protocol ValidationReport: AnyObject {
    /// Text for a problem found now.
    func problem(_ problem: ValidationProblem) -> String
    /// Text after an input was checked (or found unreadable).
    func finish(_ outcome: FileOutcome) -> String
    /// Text that ends the report.
    func end(_ summary: ValidationSummary) -> String
}

/// What was checked against: named in reports that carry it (JSON, JUnit, SARIF).
public struct ValidationSubject: Sendable, Equatable {
    /// `schema` or `model`.
    public var kind: String
    /// The schema file, or the model files.
    public var source: String
    /// The model type, for models.
    public var type: String?

    /// Creates a subject.
    public init(kind: String, source: String, type: String? = nil) {
        self.kind = kind
        self.source = source
        self.type = type
    }

    /// `todo.schema.json`, or `Todo (Models/Todo.swift)`.
    public var name: String {
        type.map { "\($0) (\(source))" } ?? source
    }
}

/// The tool that wrote a report.
public struct ToolInfo: Sendable, Equatable {
    /// `codable`.
    public var name: String
    /// The tool's version.
    public var version: String
    /// Where to read about it.
    public var informationURI: String

    /// Creates tool information.
    public init(name: String, version: String, informationURI: String) {
        self.name = name
        self.version = version
        self.informationURI = informationURI
    }
}
