import CodableParsing

extension RecordEdit {
    /// Writes the value at `index` of the builder's source, edited.
    func apply(_ index: Int, to builder: inout TapeBuilder) {
        if keepsShape { return builder.copy(index, replacements: replacements) }
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
