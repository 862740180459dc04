import CodableParsing

/// One problem found while validating: a value that breaks a schema or model rule, or input
/// that is not well-formed JSON. A plain value, so every report format renders the same facts.
public struct ValidationProblem: Sendable, Equatable {
    /// What kind of problem this is.
    public enum Kind: String, Sendable {
        /// A value breaks a rule of the schema or the model.
        case invalid
        /// The input is not well-formed in its format; nothing after it in that input is read.
        case malformed
    }

    /// How reports name the input (the path as given, or `<stdin>`).
    public var file: String
    /// Where the offending value starts in the input.
    public var location: SourceLocation
    /// The source line with the value, for a caret.
    public var excerpt: SourceExcerpt?
    /// The record's 0-based position in its input (the N of `$[N]`), or nil for the one value
    /// of a single JSON text, and for malformed input.
    public var record: Int?
    /// The coding path of the value: `$[3].owner.email`.
    public var path: String
    /// The value's JSON Pointer within its record: `/owner/email`.
    public var instancePath: String
    /// The rule broken: a JSON Schema keyword (`type`, `required`), a decoding failure kind
    /// (`typeMismatch`, `keyNotFound`), or `syntax` for malformed input.
    public var rule: String
    /// Where the rule is: the schema keyword location, a JSON Pointer into the schema as
    /// evaluated (`/properties/title/type`), or the model member (`Todo.title`); empty when
    /// there is none.
    public var ruleLocation: String
    /// What `ruleLocation` points into: `schema` or `model`.
    public var ruleSource: String
    /// The rule's absolute location (the schema's `$id` based URI), when it differs.
    public var absoluteRuleLocation: String?
    /// What is wrong, for a person: `expected string, found number 42`.
    public var message: String
    /// Malformed input or a broken rule.
    public var kind: Kind

    /// Creates a problem.
    public init(
        file: String, location: SourceLocation, excerpt: SourceExcerpt?, record: Int?, path: String,
        instancePath: String, rule: String, ruleLocation: String, ruleSource: String = "schema",
        absoluteRuleLocation: String? = nil, message: String, kind: Kind = .invalid
    ) {
        self.file = file
        self.location = location
        self.excerpt = excerpt
        self.record = record
        self.path = path
        self.instancePath = instancePath
        self.rule = rule
        self.ruleLocation = ruleLocation
        self.ruleSource = ruleSource
        self.absoluteRuleLocation = absoluteRuleLocation
        self.message = message
        self.kind = kind
    }
}

/// What became of one input once it was checked.
public struct FileOutcome: Sendable, Equatable {
    /// How reports name the input.
    public var file: String
    /// Records read from it.
    public var records: Int
    /// Problems found in it (past the problem limit, only the ones reported).
    public var problems: Int
    /// Why it could not be read, when it could not (an I/O error, not a data error).
    public var unreadable: String?

    /// Creates an outcome.
    public init(file: String, records: Int, problems: Int, unreadable: String? = nil) {
        self.file = file
        self.records = records
        self.problems = problems
        self.unreadable = unreadable
    }

    /// `valid`, `invalid` or `unreadable`.
    public var status: String {
        unreadable != nil ? "unreadable" : problems > 0 ? "invalid" : "valid"
    }
}

/// The totals of a validation run.
public struct ValidationSummary: Sendable, Equatable {
    /// Inputs named (after glob expansion), including unreadable ones.
    public var files: Int = 0
    /// Records checked.
    public var records: Int = 0
    /// Problems reported.
    public var errors: Int = 0
    /// Inputs with at least one problem.
    public var invalidFiles: Int = 0
    /// Inputs that could not be read.
    public var unreadableFiles: Int = 0
    /// More problems than the limit were found: the run stopped at the first one past the
    /// limit, left it and the rest out, and did not check everything.
    public var stoppedAtLimit: Int?
    /// Wall-clock time of the run, in seconds.
    public var seconds: Double = 0

    /// Creates empty totals.
    public init() {}

    /// The summary line: `3 files, 12 records, 2 errors in 0.42 s`.
    public var line: String {
        var text = "\(Self.count(files, "file")), \(Self.count(records, "record")), \(Self.count(errors, "error"))"
        if unreadableFiles > 0 { text += ", \(unreadableFiles) unreadable" }
        text += " in \(Self.seconds(seconds)) s"
        return text
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(value, 0) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
