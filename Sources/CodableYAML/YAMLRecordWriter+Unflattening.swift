import CodableParsing

extension YAMLRecordWriter {
    /// Writes the object at `root` as a block mapping with its keys nested back into mappings
    /// (`RecordEdit.unflattening`), as it is written: the text of the record rebuilt nested and
    /// written plainly, but the record is not rebuilt, so a huge one is not held twice. Its first
    /// line follows a `- ` already written when `afterDash`.
    func writeUnflattened(
        root: Int, indent: Int, afterDash: Bool, order: UnflattenedOrder, _ context: Context, to out: inout OutputCursor
    ) {
        var indent = indent
        var firstInline = afterDash
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
                writeMemberValue(key + 1, indent: indent, context, to: &out)
            }
        }
    }
}
