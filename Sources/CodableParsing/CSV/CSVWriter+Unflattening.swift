extension CSVWriter {
    /// `walkLeaves` of a record whose keys are nested back as it is written
    /// (`RecordEdit.unflattening`): the leaves of the record nested, in its order (the order
    /// keys are grouped in), each named by the objects it is in, joined by dots, as the record
    /// rebuilt nested would be walked. Nothing is copied: a huge record is not held twice.
    func walkUnflattened(
        _ record: Record, order: UnflattenedOrder, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool
    ) {
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
                if node.kind == .object && node.size > 0
                    && !(columnsChosen && !discovering && place(value, guess: &guess))
                {
                    path.append(UInt8(ascii: "."))
                    walkMembers(
                        of: value, in: record, nodes: nodes, bytes: bytes, discovering: discovering, guess: &guess)
                } else if !(order.parsesJSONText && node.kind == .string
                    && walkObjectText(
                        of: value, in: record, nodes: nodes, bytes: bytes, discovering: discovering, guess: &guess))
                {
                    visitLeaf(value, key: key, of: record, discovering: discovering, guess: &guess)
                }
                path.count = before
            }
        }
    }

    /// When the string at `cell` holds a JSON object with members as text, visits the leaves of
    /// that object (its members are fields, as in the record rebuilt), named by the current path
    /// and their dotted names inside it, and returns true: discovering adds them as columns;
    /// otherwise each is placed in its column (`parsedCells`), or the object whole in a chosen
    /// column the cell's path names. False for any other string, a leaf of its own.
    private func walkObjectText(
        of cell: Int, in record: Record, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool,
        guess: inout Int
    ) -> Bool {
        var isObject = false
        _ = embeddedJSON.withParsed(nodes[cell], in: bytes) { parsed, text in
            guard parsed[0].kind == .object && parsed[0].size > 0 else { return }
            isObject = true
            if columnsChosen && !discovering && place(cell, guess: &guess) { return }
            path.append(UInt8(ascii: "."))
            walkMembers(
                of: 0, in: record, nodes: parsed, bytes: text, ofCell: cell, discovering: discovering, guess: &guess)
        }
        return isObject
    }

    /// Puts node `node` of the cell `cell`'s JSON text in the column named by the current path,
    /// if there is one.
    func placeParsed(_ node: Int, ofCell cell: Int, guess: inout Int) -> Bool {
        guard let column = column(guess: &guess) else { return false }
        cells[column] = parsedCells.place(node: node, ofCell: cell)
        return true
    }

    /// Calls `body` with each leaf of the object at `root` nested back as `order` says, in
    /// `walkUnflattened`'s order: its value node, the nodes and bytes it is in (`nodes` and
    /// `bytes`, or, for a leaf inside a cell's JSON object, that text scanned), and the bytes
    /// its dotted name takes, at most (escaped keys counted as written, as `forEachLeaf` does).
    static func forEachUnflattenedLeaf(
        of root: Int, order: UnflattenedOrder, nodes: NodeTape, bytes: UnsafePointer<UInt8>,
        _ body: (_ value: Int, _ nodes: NodeTape, _ bytes: UnsafePointer<UInt8>, _ nameLength: Int) -> Void
    ) {
        var embedded = EmbeddedJSON()
        UnflattenedMembers.forEach(of: root, in: nodes, bytes: bytes, order: order) { step in
            guard case .member(let key, _) = step else { return }
            let keyLength = nodes[key].tokenLength(in: bytes) - 2  // the key's parts, joined by dots
            let value = key + 1
            let node = nodes[value]
            if node.kind == .object && node.size > 0 {
                forEachLeaf(of: value, nodes: nodes, bytes: bytes) { leaf, nameLength in
                    body(leaf, nodes, bytes, keyLength + 1 + nameLength)
                }
                return
            }
            var expanded = false
            if order.parsesJSONText && node.kind == .string {
                _ = embedded.withParsed(node, in: bytes) { parsed, text in
                    guard parsed[0].kind == .object && parsed[0].size > 0 else { return }
                    expanded = true
                    forEachLeaf(of: 0, nodes: parsed, bytes: text) { leaf, nameLength in
                        body(leaf, parsed, text, keyLength + 1 + nameLength)
                    }
                }
            }
            if !expanded { body(value, nodes, bytes, keyLength) }
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
