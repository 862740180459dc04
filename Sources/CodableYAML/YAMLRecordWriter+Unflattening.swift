import CodableParsing

extension YAMLRecordWriter {
    /// Writes the object at `root` as a block mapping with its keys nested back into mappings
    /// (`RecordEdit.unflattening`), as it is written (string values holding JSON text as that
    /// value, when the order says so): the text of the record rebuilt nested and
    /// written plainly, but the record is not rebuilt, so a huge one is not held twice. Its first
    /// line follows a `- ` already written when `afterDash`.
    func writeUnflattened(
        root: Int, indent: Int, afterDash: Bool, order: UnflattenedOrder, _ context: Context, to out: inout OutputCursor
    ) {
        var indent = indent
        var firstInline = afterDash
        var embedded = EmbeddedJSON()
        UnflattenedMembers.forEach(of: root, in: context.nodes, bytes: context.bytes, order: order) { step in
            switch step {
            case .open(let name):
                if firstInline { firstInline = false } else { out.append(repeating: 0x20, count: indent) }
                writeKey(named: name, indent: indent, to: &out)
                out.append(":\n")
                indent += 2
            case .close:
                indent -= 2
            case .member(let key, let name):
                if firstInline { firstInline = false } else { out.append(repeating: 0x20, count: indent) }
                if let name {
                    writeKey(named: name, indent: indent, to: &out)
                } else {
                    writeKey(key, indent: indent, context, to: &out)
                }
                let parsed =
                    order.parsesJSONText
                    && embedded.withParsed(context.nodes[key + 1], in: context.bytes) { nodes, text in
                        writeMemberValue(
                            0, indent: indent, Context(nodes: nodes, bytes: text, replacements: [:]), to: &out)
                    }
                if !parsed { writeMemberValue(key + 1, indent: indent, context, to: &out) }
            }
        }
    }
}
