extension CSVWriter {
    /// An open object of `walkEdited`: its members left, and the length of the path before it.
    private struct EditedObject {
        var members: EditedMembers
        var upcoming: Int?
        let pathCount: Int
    }

    /// `walkLeaves` with an edit: an object's picked members in their order, dropped members
    /// left out, renamed keys under their new names; an object left with no member is a leaf
    /// (`{}`), as in the record copied with the edit.
    func walkEdited(_ record: Record, edit: RecordEdit, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool)
    {
        var frames: [EditedObject] = []
        guard var current = open(record.root, edit: edit, nodes: nodes, bytes: bytes, pathCount: 0) else { return }
        var guess = 0
        path.count = 0
        while true {
            while let key = current.upcoming {
                current.upcoming = current.members.next(in: nodes, dropped: edit.dropped)
                let before = path.count
                appendKey(key, edit: edit, nodes: nodes, bytes: bytes)
                let value = key + 1
                if nodes[value].kind == .object && !(columnsChosen && !discovering && place(value, guess: &guess)),
                    let inner = open(value, edit: edit, nodes: nodes, bytes: bytes, pathCount: before)
                {
                    frames.append(current)
                    path.append(UInt8(ascii: "."))
                    current = inner
                    continue
                }
                visitLeaf(value, key: key, of: record, discovering: discovering, guess: &guess)
                path.count = before
            }
            guard let parent = frames.popLast() else { return }
            path.count = current.pathCount
            current = parent
        }
    }

    /// The object at `index` with its first member found; nil when the edit leaves it none.
    private func open(_ index: Int, edit: RecordEdit, nodes: NodeTape, bytes: UnsafePointer<UInt8>, pathCount: Int)
        -> EditedObject?
    {
        var members = EditedMembers(of: index, in: nodes, bytes: bytes, edit: edit)
        guard let first = members.next(in: nodes, dropped: edit.dropped) else { return nil }
        return EditedObject(members: members, upcoming: first, pathCount: pathCount)
    }

    /// Appends a member's key to the path: its new name, when the edit renames it.
    private func appendKey(_ key: Int, edit: RecordEdit, nodes: NodeTape, bytes: UnsafePointer<UInt8>) {
        guard let name = edit.newName(ofKey: key, readAs: { nodes[key].stringBytes(in: bytes) }) else {
            return appendKey(nodes[key], bytes: bytes)
        }
        name.withUnsafeBufferPointer { name in
            if let base = name.baseAddress { path.append(base, count: name.count) }
        }
    }
}
