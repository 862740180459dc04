extension CSVWriter {
    /// Puts node `node` of the cell `cell`'s JSON text in the column named by the current path,
    /// if there is one.
    func placeParsed(_ node: Int, ofCell cell: Int, guess: inout Int) -> Bool {
        guard let column = column(guess: &guess) else { return false }
        cells[column] = parsedCells.place(node: node, ofCell: cell)
        return true
    }

    /// Calls `body` with each leaf of the object at `root` nested back as `order` says, in
    /// `CSVLeafEvents`' order: its value node, the nodes and bytes it is in (`nodes` and
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
}
