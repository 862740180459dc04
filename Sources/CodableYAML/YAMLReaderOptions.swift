import CodableParsing

/// Which YAML version's schema resolves untagged plain scalars.
public enum YAMLVersion: String, Sendable, CaseIterable {
    /// YAML 1.1 (types repository): `yes`/`no`/`on`/`off`/`y`/`n` are booleans, `017` is octal,
    /// `0b1010` binary, `1_000` and `190:20:30` (sexagesimal) integers. The 1.2 forms
    /// (`0o17`, `1e3`) are accepted too.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case v1_1 = "1.1"
    /// YAML 1.2 core schema: only `true`/`false` (any of three capitalisations) are booleans,
    /// `017` is 17, `0o17` octal, `0x1F` hex; everything else that is not a number or null is a
    /// string (`NO`, `on`, `2002-12-14`).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case v1_2 = "1.2"
}

/// Limits and choices for reading YAML.
public struct YAMLReaderOptions: Sendable {
    /// The schema plain scalars are resolved with.
    public var version: YAMLVersion
    /// Containers nested deeper than this are an error (a document's root counts as level 1).
    public var maxDepth: Int
    /// Nodes that aliases may add to one document, all aliases together; beyond it the document
    /// is rejected (a "billion laughs" file fails at once, in bounded memory).
    public var maxAliasNodes: Int
    /// A scalar whose value is longer than this many bytes is an error.
    public var maxTokenLength: Int
    /// A batch is handed on once its synthesized JSON reaches about this many bytes.
    public var batchBytes: Int
    /// The most bytes of synthesized JSON a batch can hold: nodes point into them with 32-bit
    /// offsets, so a document whose scalars go past it is an error.
    public var maxRecordBytes: Int
    /// Called once, when the first document's root starts. For a sequence (`rootIsSequence`),
    /// it answers whether the input is known to hold one document at most
    /// (`YAMLDocumentCountScan` found no second one); then the sequence's items are handed on
    /// as they are read, instead of its being held whole until the stream's end tells whether
    /// they are the records. For any other root it is only told (its answer is not used), so
    /// that a source scanning for the answer as it is read can stop. Nil: not known.
    public var oneDocumentAtMost: (@Sendable (_ rootIsSequence: Bool) -> Bool)?
    /// A mapping or sequence holding more values than this (at any depth) is an error; at most
    /// `JSONNode.maxValues`.
    public var maxValues: Int
    /// Whether libyaml parses on a thread of its own, a batch of events ahead of the records
    /// being built (the default: a big input reads faster), or on the reading thread as records
    /// are asked for (a small input, where starting a thread costs more than it saves).
    public var parsesInBackground: Bool
    /// Whether the items of a lone document's root sequence are the records (as for `convert`);
    /// false: each document is one record, a sequence too (checked whole by `validate`).
    public var sequenceItemsAreRecords = true
    /// Whether a stream with no document (nothing, or only comments) is one `null` document, as
    /// a YAML loader reading one document gives it (for `validate`, whose schema must judge it);
    /// false: it holds no records.
    public var emptyStreamIsNullDocument = false

    /// The default alias limit: one million nodes per document.
    public static let defaultMaxAliasNodes = 1_000_000

    /// YAML 1.2, depth 512, one million alias nodes per document, scalars up to 512 MiB, 1 MiB
    /// batches, documents up to 4 GiB of JSON.
    public init(
        version: YAMLVersion = .v1_2, maxDepth: Int = 512, maxAliasNodes: Int = YAMLReaderOptions.defaultMaxAliasNodes,
        maxTokenLength: Int = RecordReaderOptions.defaultMaxTokenLength, batchBytes: Int = 1 << 20,
        maxRecordBytes: Int = RecordReaderOptions.defaultMaxRecordBytes,
        oneDocumentAtMost: (@Sendable (_ rootIsSequence: Bool) -> Bool)? = nil,
        maxValues: Int = JSONNode.maxValues, parsesInBackground: Bool = true
    ) {
        self.version = version
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
        self.maxTokenLength = maxTokenLength
        self.batchBytes = batchBytes
        self.maxRecordBytes = min(maxRecordBytes, RecordReaderOptions.defaultMaxRecordBytes)
        self.oneDocumentAtMost = oneDocumentAtMost
        self.maxValues = min(maxValues, JSONNode.maxValues)
        self.parsesInBackground = parsesInBackground
    }
}
