/// Edits to one record's tape: members picked (`--select`) or dropped (`--exclude`), keys
/// renamed (`--rename`, `--keys`), scalars replaced (re-encoded dates). The pipeline either
/// applies them in one copy of the record (a new tape), or hands them to a writer that applies
/// them as it writes (`EditingRecordFormatter`), which copies nothing.
public struct RecordEdit: Sendable {
    /// Objects written with only some of their members, in a new order: the key nodes of the
    /// members to write, in the order to write them.
    public var members: [Int: [Int]] = [:]
    /// Value nodes whose member (or element) is left out.
    public var dropped: Set<Int> = []
    /// Key nodes and their new names (UTF-8, unquoted).
    public var renamed: [Int: [UInt8]] = [:]
    /// Scalar nodes and the JSON text that replaces them.
    public var replacements: [Int: [UInt8]] = [:]

    /// No edit at all.
    public init() {}

    /// Nothing picked, dropped, renamed or replaced.
    public var isEmpty: Bool { keepsShape && replacements.isEmpty }

    /// Nothing picked, dropped or renamed: only scalars replaced, which every writer can do.
    public var keepsShape: Bool { members.isEmpty && dropped.isEmpty && renamed.isEmpty }
}
