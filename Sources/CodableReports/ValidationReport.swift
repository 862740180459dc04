/// A report format: turns problems and outcomes into the text a person or a CI system reads.
///
/// The runner calls `problem` for every problem as it is found, `finish` once per input, then
/// `end` once. Each returns the text to write at that point: formats that can stream (text,
/// GitHub commands) return it at once; formats that are one document (SARIF) keep what they
/// need and return everything from `end`. The runner takes `finish` and `end` through a sink, in
/// pieces: what a report kept in a `TextSpool` is written from it, never made one string.
public protocol ValidationReport: AnyObject {
    /// Text for a problem found now.
    func problem(_ problem: ValidationProblem) -> String
    /// Text after an input was checked (or found unreadable).
    func finish(_ outcome: FileOutcome) -> String
    /// Text that ends the report.
    func end(_ summary: ValidationSummary) -> String
    /// `finish(_:)`'s text, handed to `sink` in pieces; throws when text the report kept cannot
    /// be read back.
    func finish(_ outcome: FileOutcome, into sink: any ReportSink) throws(ReportWriteError)
    /// `end(_:)`'s text, handed to `sink` in pieces; throws when text the report kept cannot be
    /// read back.
    func end(_ summary: ValidationSummary, into sink: any ReportSink) throws(ReportWriteError)
}

extension ValidationReport {
    public func finish(_ outcome: FileOutcome, into sink: any ReportSink) throws(ReportWriteError) {
        sink.write(finish(outcome))
    }

    public func end(_ summary: ValidationSummary, into sink: any ReportSink) throws(ReportWriteError) {
        sink.write(end(summary))
    }
}

/// Where a report's text goes, piece by piece.
public protocol ReportSink: AnyObject {
    /// Takes the next piece.
    func write(_ bytes: UnsafeRawBufferPointer)
}

extension ReportSink {
    /// Takes `text` as the next piece.
    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
}

/// A sink that collects the text into one string: `finish(_:)` and `end(_:)` of the reports
/// that write through a sink (text they could not read back is left out).
final class CollectedText: ReportSink {
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// What `body` hands to a sink, as one string.
    static func collecting(_ body: (CollectedText) throws(ReportWriteError) -> Void) -> String {
        let sink = CollectedText()
        try? body(sink)
        return sink.text
    }
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
