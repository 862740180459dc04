import CodableParsing

extension YAMLRecordWriter {
    /// Writes the object at `root` as a block mapping with its nested objects flattened to
    /// `separator`-joined keys (`RecordEdit.flattening`), as it is written: the text of the record
    /// flattened first and written plainly, but the record is not rebuilt, so a huge one is not
    /// held twice. Its first line follows a `- ` already written when `afterDash`.
    func writeFlattened(
        root: Int, indent: Int, afterDash: Bool, separator: [UInt8], _ context: Context, to out: inout OutputCursor
    ) {
        var path: [UInt8] = []
        var firstInline = afterDash
        FlattenedMembers.forEach(
            of: root, in: context.nodes, bytes: context.bytes, separator: separator, sortedByName: sortsKeys,
            path: &path
        ) { key, value, joinedName in
            if firstInline {
                firstInline = false
            } else {
                out.append(repeating: 0x20, count: indent)
            }
            if let joinedName {
                joinedName.withUnsafeBufferPointer { writeKey(named: $0, indent: indent, to: &out) }
            } else {
                writeKey(key, indent: indent, context, to: &out)
            }
            writeMemberValue(value, indent: indent, context, to: &out)
        }
    }

    /// Writes a block mapping member's value after its key (on a line indented `indent`): a
    /// scalar or empty collection after `: `, a collection on the lines below, indented 2 more.
    func writeMemberValue(_ value: Int, indent: Int, _ context: Context, to out: inout OutputCursor) {
        guard isBlockCollection(context.nodes[value]) else {
            out.append(": ")
            writeInline(value, blockIndent: indent + 2, context, to: &out)
            out.append(0x0A)
            return
        }
        out.append(":\n")
        push(value, indent: indent + 2, firstInline: false, context)
        writeCollections(context, to: &out)
    }
}
