/// Edits to one record's tape that keep its shape: members dropped (`--exclude`), keys renamed
/// (`--rename`, `--keys`), scalars replaced (re-encoded dates). The pipeline either applies them
/// in one copy of the record (a new tape), or hands them to a writer that applies them as it
/// writes (`EditingRecordFormatter`), which copies nothing.
public struct RecordEdit: Sendable {
    /// Value nodes whose member (or element) is left out.
    public var dropped: Set<Int> = []
    /// Key nodes and their new names (UTF-8, unquoted).
    public var renamed: [Int: [UInt8]] = [:]
    /// Scalar nodes and the JSON text that replaces them.
    public var replacements: [Int: [UInt8]] = [:]

    /// No edit at all.
    public init() {}

    /// Nothing dropped, renamed or replaced.
    public var isEmpty: Bool { dropped.isEmpty && renamed.isEmpty && replacements.isEmpty }

    /// Nothing dropped or renamed: only scalars replaced, which every writer can do.
    public var keepsShape: Bool { dropped.isEmpty && renamed.isEmpty }
}
