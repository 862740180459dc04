extension JSONWriter {
    /// Appends the object at `root` with its keys nested back into objects (`RecordEdit.unflattening`)
    /// as it is written (string values holding JSON text as that value, when the order says so),
    /// `replacements` written in place of the nodes they name: the text of the
    /// record rebuilt nested and written plainly, but the record is not rebuilt, so a huge one is
    /// not held twice.
    mutating func writeUnflattened(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, order: UnflattenedOrder,
        replacements: NodeReplacements, to out: inout OutputCursor
    ) {
        let lowestReplaced = replacements.lowestNode
        let highestReplaced = replacements.highestNode
        let pretty = options.pretty
        var depth = 1
        var first = true
        var embedded = EmbeddedJSON()
        out.append(UInt8(ascii: "{"))
        UnflattenedMembers.forEach(of: root, in: nodes, bytes: bytes, order: order) { step in
            switch step {
            case .open(let name):
                if first { first = false } else { out.append(UInt8(ascii: ",")) }
                if pretty { newline(level + depth, to: &out) }
                _ = JSONString.appendQuoted(name, to: &out)
                if pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
                out.append(UInt8(ascii: "{"))
                depth += 1
                first = true
            case .close:
                depth -= 1
                if pretty { newline(level + depth, to: &out) }
                out.append(UInt8(ascii: "}"))
                first = false
            case .member(let key, let name):
                if first { first = false } else { out.append(UInt8(ascii: ",")) }
                if pretty { newline(level + depth, to: &out) }
                if let name {
                    _ = JSONString.appendQuoted(name, to: &out)
                } else {
                    writeString(nodes[key], bytes: bytes, to: &out)
                }
                if pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
                let parsed =
                    order.parsesJSONText
                    && embedded.withParsed(nodes[key + 1], in: bytes) { parsedNodes, text in
                        write(root: 0, nodes: parsedNodes, bytes: text, level: level + depth, to: &out)
                    }
                if !parsed {
                    write(
                        root: key + 1, nodes: nodes, bytes: bytes, level: level + depth, replacements: replacements,
                        replacedFrom: lowestReplaced, through: highestReplaced, to: &out)
                }
            }
        }
        if pretty && !first { newline(level, to: &out) }
        out.append(UInt8(ascii: "}"))
    }
}
