import CodableParsing

/// A schema that is itself invalid: not JSON, a keyword with a wrong type, a `$ref` that
/// resolves nowhere, a `$ref` cycle that never reaches the instance, a `pattern` that is not a
/// regular expression, or a file that cannot be read.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The schema file (or the name given for in-memory bytes) the problem is in.
    public var file: String
    /// 1-based line of the offending value in `file`, when known.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending value, when known.
    public var column: Int?
    /// JSON Pointer of the offending value within the schema document (`""` for the root).
    public var pointer: String
    /// What is wrong, for a person.
    public var message: String
    /// A schema named by URI that could not be fetched: an input problem (the network, the
    /// cache), not a problem of the schema's text.
    public var fetchFailure: SchemaFetchError?
    /// Why the schema is not JSON, when it is not: the commands layer says what would help.
    public var syntax: JSONSyntaxError.Reason?

    /// Creates an error.
    public init(
        file: String, line: Int? = nil, column: Int? = nil, pointer: String, message: String,
        fetchFailure: SchemaFetchError? = nil, syntax: JSONSyntaxError.Reason? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
        self.message = message
        self.fetchFailure = fetchFailure
        self.syntax = syntax
    }

    /// `FILE:LINE:COL: MESSAGE (at POINTER)`, for logs and tests.
    public var description: String {
        let place = line.map { ":\($0):\(column ?? 1)" } ?? ""
        return "\(file)\(place): \(message)" + (pointer.isEmpty ? "" : " (at \(pointer))")
    }
}
