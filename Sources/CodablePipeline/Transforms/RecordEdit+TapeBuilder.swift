import CodableParsing

extension RecordEdit {
    /// Writes the value at `index` of the builder's source, edited.
    func apply(_ index: Int, to builder: inout TapeBuilder) {
        let kind = builder.source.nodes[index].kind
        // Picked members name their objects: a value with none picked in it is copied whole.
        if dropped.isEmpty && !renamesKeys && !picks(inside: index, span: builder.source.nodes[index].span) {
            return builder.copy(index, replacements: replacements)
        }
        switch kind {
        case .object, .array:
            builder.openContainer(kind, like: index)
            if let picked = members[index] {
                for key in picked { apply(member: key, isObject: true, to: &builder) }
            } else {
                for child in builder.source.nodes.children(of: index) {
                    apply(member: child, isObject: kind == .object, to: &builder)
                }
            }
            builder.close()
        default:
            builder.copy(index, replacements: replacements)
        }
    }

    /// Whether an object in the `span` nodes from `index` on has its members picked.
    private func picks(inside index: Int, span: Int) -> Bool {
        !members.isEmpty && members.keys.contains { $0 >= index && $0 < index + span }
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
