import CodableParsing

extension FieldPath {
    /// The node of the first value this path reaches in `record` as `edit` writes it: through
    /// an object's picked members only, in their order, past dropped members and elements (an
    /// index counts the elements kept), by keys' new names. What `matches(in:).first` gives on
    /// the record copied with the edit, without the copy. Nil when it reaches nothing.
    func firstMatch(in record: Record, edit: RecordEdit) -> Int? {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                firstMatch(record.root, depth: 0, nodes: nodes, bytes: bytes.baseAddress!, edit: edit)
            }
        }
    }

    private func firstMatch(_ index: Int, depth: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit)
        -> Int?
    {
        guard depth < components.count else { return index }
        let kind = nodes[index].kind
        guard kind == .object || kind == .array else { return nil }
        var members = EditedMembers(of: index, in: nodes, bytes: bytes, edit: edit)
        switch components[depth] {
        case .key:
            guard kind == .object else { return nil }
            let name = keyBytes[depth]
            while let key = members.next(in: nodes, dropped: edit.dropped) {
                let newName = edit.newName(ofKey: key, readAs: { nodes[key].stringBytes(in: bytes) })
                guard newName.map({ $0 == name }) ?? nodes[key].spells(name, in: bytes) else { continue }
                if let found = firstMatch(key + 1, depth: depth + 1, nodes: nodes, bytes: bytes, edit: edit) {
                    return found
                }
            }
        case .everyElement:
            guard kind == .array else { return nil }
            while let element = members.next(in: nodes, dropped: edit.dropped) {
                if let found = firstMatch(element, depth: depth + 1, nodes: nodes, bytes: bytes, edit: edit) {
                    return found
                }
            }
        case .element(let wanted):
            guard kind == .array else { return nil }
            var position = 0
            while let element = members.next(in: nodes, dropped: edit.dropped) {
                if position == wanted {
                    return firstMatch(element, depth: depth + 1, nodes: nodes, bytes: bytes, edit: edit)
                }
                position += 1
            }
        }
        return nil
    }
}
