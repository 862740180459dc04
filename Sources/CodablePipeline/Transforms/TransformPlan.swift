import CodableParsing

/// What the transform chain does, stage by stage, in the order they apply: `filter`
/// (`--where`), `select`, `exclude`, `renames`, `keys`, `sortBy`, `uniqueBy`, then `window`.
public struct TransformPlan: @unchecked Sendable {
    /// Records for which this is false are dropped.
    public var filter: Expression?
    /// How `filter` reads dates.
    public var whereDates = WhereDates()
    /// Fields kept.
    public var select: FieldSelection?
    /// Fields left out.
    public var exclude: [FieldPath] = []
    /// Fields renamed: a path and the new name of its last key.
    public var renames: [(path: FieldPath, name: String)] = []
    /// Every key rewritten in this case.
    public var keys: KeyCase.Style?
    /// Sort order (stable); empty for input order.
    public var sortBy: [SortField] = []
    /// Only the first record for each value of this path is kept.
    public var uniqueBy: FieldPath?
    /// The records written.
    public var window = PageWindow.all
    /// Bytes of records `--sort-by` keeps in memory before spilling a sorted run.
    public var memoryLimit = 256 << 20

    /// A plan that passes everything.
    public init() {}

    /// Whether any stage rewrites records.
    var edits: Bool { !exclude.isEmpty || !renames.isEmpty || keys != nil }
}
