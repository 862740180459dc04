/// A Codable type read from Swift source or a JSON Schema, reduced to what its synthesized
/// `init(from:)`/`encode(to:)` do.
public struct ModelType: Sendable {
    /// Qualified name: `Todo`, `SyncUp.Attendee`.
    public var name: String
    /// Generic parameter names, in order (`["T"]` for `Page<T>`).
    public var genericParameters: [String]
    /// What decoding it means.
    public var shape: Shape
    /// Where it is declared.
    public var origin: SourceOrigin

    /// Creates a model type.
    public init(name: String, genericParameters: [String] = [], shape: Shape, origin: SourceOrigin) {
        self.name = name
        self.genericParameters = genericParameters
        self.shape = shape
        self.origin = origin
    }

    /// How a type decodes.
    public enum Shape: Sendable {
        /// A struct or final class with synthesized conformance: a keyed container.
        case structure([Property])
        /// An enum with a `String` or integer raw value: a single value.
        case rawEnum(raw: TypeReference, cases: [RawCase])
        /// An enum with synthesized conformance and associated values (Swift 5.5+ format:
        /// `{"case": {"label": value, "_0": value}}`; `{"case": {}}` for a case with none).
        case taggedEnum([EnumCase])
        /// Declared, but its decoding cannot be known from source: a hand-written
        /// `init(from:)`, a property wrapper, a superclass. Using it is an error that says why,
        /// and what would help.
        case unsupported(reason: String, remedy: ModelRemedy? = nil)
    }
}

/// A stored property of a structure.
public struct Property: Sendable {
    /// The Swift name.
    public var name: String
    /// The JSON key (the `CodingKeys` raw value, else the name).
    public var key: String
    /// The declared type (`Optional` when declared `T?`).
    public var type: TypeReference
    /// How it takes part in coding.
    public var role: Role
    /// Where it is declared.
    public var origin: SourceOrigin

    /// Creates a property.
    public init(name: String, key: String, type: TypeReference, role: Role = .coded, origin: SourceOrigin) {
        self.name = name
        self.key = key
        self.type = type
        self.role = role
        self.origin = origin
    }

    /// Whether a property is decoded and encoded.
    public enum Role: Sendable, Hashable {
        /// Decoded from its key and encoded back (a `var` with a default is still required, as
        /// in the synthesized `init(from:)`).
        case coded
        /// A `let` with an initial value: not decoded, but encoded with that value, written as
        /// JSON text (`1`, `"v2"`, `null`, `[]`).
        case constant(json: String)
        /// Left out of `CodingKeys`: neither decoded nor encoded.
        case skipped
    }
}

/// A case of a raw-value enum.
public struct RawCase: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The raw value as JSON text: `"active"` (quoted) or `3`.
    public var rawJSON: String

    /// Creates a case.
    public init(name: String, rawJSON: String) {
        self.name = name
        self.rawJSON = rawJSON
    }
}

/// A case of an enum with associated values.
public struct EnumCase: Sendable {
    /// The Swift name, which is also its key unless `CodingKeys` renames it.
    public var name: String
    /// The JSON key of the case.
    public var key: String
    /// The associated values, in order.
    public var parameters: [Parameter]

    /// Creates a case.
    public init(name: String, key: String, parameters: [Parameter]) {
        self.name = name
        self.key = key
        self.parameters = parameters
    }

    /// One associated value.
    public struct Parameter: Sendable {
        /// The JSON key: the label, or `_0`, `_1` … for unlabelled values.
        public var key: String
        /// Its type.
        public var type: TypeReference

        /// Creates a parameter.
        public init(key: String, type: TypeReference) {
            self.key = key
            self.type = type
        }
    }
}

/// Where a declaration is: file, line and column (1-based, columns in characters).
public struct SourceOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates an origin.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
