import CodableParsing

/// Edits to one record's tape that keep its shape: members dropped (`--exclude`), keys renamed
/// (`--rename`, `--keys`), scalars replaced (re-encoded dates). Applied in one copy.
struct RecordEdit {
    /// Value nodes whose member (or element) is left out.
    var dropped: Set<Int> = []
    /// Key nodes and their new names (UTF-8, unquoted).
    var renamed: [Int: [UInt8]] = [:]
    /// Scalar nodes and the JSON text that replaces them.
    var replacements: [Int: [UInt8]] = [:]

    var isEmpty: Bool { dropped.isEmpty && renamed.isEmpty && replacements.isEmpty }

    /// Writes the value at `index` of the builder's source, edited.
    func apply(_ index: Int, to builder: inout TapeBuilder) {
        if dropped.isEmpty && renamed.isEmpty { return builder.copy(index, replacements: replacements) }
        let batch = builder.source
        let node = batch.nodes[index]
        switch node.kind {
        case .object, .array:
            builder.openContainer(node.kind, like: index)
            for child in batch.nodes.children(of: index) {
                let value = node.kind == .object ? child + 1 : child
                if !dropped.contains(value) {
                    if node.kind == .object { builder.key(child, newText: renamed[child]) }
                    apply(value, to: &builder)
                }
            }
            builder.close()
        default:
            builder.copy(index, replacements: replacements)
        }
    }
}
