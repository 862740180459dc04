import CodableModels

/// Why a record does not decode: what `JSONDecoder` would throw, plus where.
public struct DecodingFailure: Error, Sendable, Hashable {
    /// The `DecodingError` case Foundation throws.
    public enum Kind: String, Sendable, Hashable {
        case keyNotFound, valueNotFound, typeMismatch, dataCorrupted
    }

    /// The kind of error.
    public var kind: Kind
    /// The coding path, as Foundation's `context.codingPath` (for `keyNotFound`, the path of the
    /// object that lacks the key).
    public var path: [CodingPathComponent]
    /// Foundation's `debugDescription`: `Parsed JSON number <300> does not fit in Int8.`
    public var message: String
    /// The tape node the error is about (the value, or the object missing a key).
    public var node: Int

    /// Creates a failure.
    public init(kind: Kind, path: [CodingPathComponent], message: String, node: Int) {
        self.kind = kind
        self.path = path
        self.message = message
        self.node = node
    }

    /// The coding path written after a record prefix (`$[3]`): `$[3].owner.email`.
    public func codingPath(after prefix: String) -> String {
        CodingPathComponent.render(path, after: prefix)
    }
}

/// A model that cannot decode: a type it names is unsupported or missing, or the root type is wrong.
/// Not a problem of the data (exit status 2).
public struct ModelProblem: Error, Sendable, Hashable {
    /// Where the offending declaration is, when known.
    public var origin: SourceOrigin?
    /// What is wrong.
    public var message: String
    /// What would let the model decode, when something would.
    public var remedy: ModelRemedy?

    /// Creates a problem.
    public init(origin: SourceOrigin?, message: String, remedy: ModelRemedy? = nil) {
        self.origin = origin
        self.message = message
        self.remedy = remedy
    }
}

/// Why `RecordDecoder.decode` failed: the record's data, or the model.
public enum RecordDecodingError: Error, Sendable {
    /// The record does not decode (exit status 1).
    case data(DecodingFailure)
    /// The model cannot decode anything of this shape (exit status 2).
    case model(ModelProblem)
}
