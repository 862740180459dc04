extension CSVWriter {
    /// `walkLeaves` of a record whose keys are nested back as it is written
    /// (`RecordEdit.unflattening`): the leaves of the record nested, in its order (the order
    /// keys are grouped in), each named by the objects it is in, joined by dots, as the record
    /// rebuilt nested would be walked. Nothing is copied: a huge record is not held twice.
    func walkUnflattened(_ record: Record, order: UnflattenedOrder, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool) {
        var guess = 0
        var openStarts: [Int] = []
        path.count = 0
        UnflattenedMembers.forEach(of: record.root, in: nodes, bytes: bytes, order: order) { step in
            switch step {
            case .open(let name):
                openStarts.append(path.count)
                appendName(name)
                path.append(UInt8(ascii: "."))
            case .close:
                path.count = openStarts.removeLast()
            case .member(let key, let name):
                let before = path.count
                if let name { appendName(name) } else { appendKey(nodes[key], bytes: bytes) }
                let value = key + 1
                let node = nodes[value]
                if node.kind == .object && node.size > 0 && !(columnsChosen && !discovering && place(value, guess: &guess)) {
                    path.append(UInt8(ascii: "."))
                    walkMembers(of: value, in: record, nodes: nodes, bytes: bytes, discovering: discovering, guess: &guess)
                } else {
                    visitLeaf(value, key: key, of: record, discovering: discovering, guess: &guess)
                }
                path.count = before
            }
        }
    }

    /// Calls `body` with each leaf's value node of the object at `root` nested back as `order`
    /// says, in `walkUnflattened`'s order.
    static func forEachUnflattenedLeaf(
        of root: Int, order: UnflattenedOrder, nodes: NodeTape, bytes: UnsafePointer<UInt8>, _ body: (_ value: Int) -> Void
    ) {
        UnflattenedMembers.forEach(of: root, in: nodes, bytes: bytes, order: order) { step in
            guard case .member(let key, _) = step else { return }
            let value = key + 1
            let node = nodes[value]
            if node.kind == .object && node.size > 0 {
                forEachLeaf(of: value, nodes: nodes, bytes: bytes) { leaf, _ in body(leaf) }
            } else {
                body(value)
            }
        }
    }

    /// Writes the string `node` as the JSON array or object its text holds, compact, as one cell
    /// (what the record rebuilt holds there); false, writing nothing, when it holds none.
    func writeParsedJSON(_ node: JSONNode, bytes: UnsafePointer<UInt8>, to out: inout OutputCursor) -> Bool {
        scratch.count = 0
        let parsed = embeddedJSON.withParsed(node, in: bytes) { nodes, text in
            jsonWriter.write(root: 0, nodes: nodes, bytes: text, level: 0, to: &scratch)
        }
        if parsed { writeText(scratch.pointer, count: scratch.count, isString: false, to: &out) }
        return parsed
    }

    /// Appends a name (unescaped UTF-8) to the path.
    private func appendName(_ name: UnsafeBufferPointer<UInt8>) {
        if let base = name.baseAddress, name.count > 0 { path.append(base, count: name.count) }
    }
}
