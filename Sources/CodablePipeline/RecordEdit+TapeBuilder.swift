import CodableParsing

extension RecordEdit {
    /// Writes the value at `index` of the builder's source, edited.
    func apply(_ index: Int, to builder: inout TapeBuilder) {
        // Picked members name their objects: a value with none picked in it is copied whole.
        if dropped.isEmpty && !renamesKeys && members[index] == nil { return builder.copy(index, replacements: replacements) }
        let kind = builder.source.nodes[index].kind
        switch kind {
        case .object, .array:
            builder.openContainer(kind, like: index)
            if let picked = members[index] {
                for key in picked { apply(member: key, isObject: true, to: &builder) }
            } else {
                for child in builder.source.nodes.children(of: index) { apply(member: child, isObject: kind == .object, to: &builder) }
            }
            builder.close()
        default:
            builder.copy(index, replacements: replacements)
        }
    }

    /// Writes a member (its key node `child`) or an element, edited, unless it is dropped.
    private func apply(member child: Int, isObject: Bool, to builder: inout TapeBuilder) {
        let value = isObject ? child + 1 : child
        guard !dropped.contains(value) else { return }
        if isObject {
            let source = builder.source
            builder.key(child, newText: newName(ofKey: child) { JSONValueOrder.stringBytes(child, in: source) })
        }
        apply(value, to: &builder)
    }
}
