import CodableParsing

extension YAMLRecordWriter {
    /// A block collection whose members are being written with an edit.
    private struct EditedFrame {
        var members: EditedMembers
        /// Columns of indentation of the collection's lines.
        let indent: Int
        /// The first line follows a `- ` already written.
        var firstInline: Bool
        /// The member to write next (its key node, or its element node), found ahead of time:
        /// a collection left with no member is written `{}` or `[]`, not as a block.
        var upcoming: Int?
    }

    /// Writes the value rooted at `root` with `edit` applied as it is written (the text of the
    /// record copied with the edit, written plainly): only picked members, in their order,
    /// dropped ones left out, renamed keys under their new names. Iterative, like the plain walk.
    func writeEdited(
        root: Int, indent: Int, afterDash: Bool, edit: RecordEdit, _ context: Context, to out: inout OutputCursor
    ) {
        guard let rootFrame = open(root, indent: indent, firstInline: afterDash, edit: edit, context) else {
            writeInline(root, blockIndent: max(indent, 2), context, to: &out)  // a scalar, or left empty
            out.append(0x0A)
            return
        }
        let nodes = context.nodes
        var stack = [rootFrame]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard let member = stack[top].upcoming else {
                stack.removeLast()
                continue
            }
            stack[top].upcoming = stack[top].members.next(in: nodes, dropped: edit.dropped)
            let indent = stack[top].indent
            if stack[top].firstInline {
                stack[top].firstInline = false
            } else {
                out.append(repeating: 0x20, count: indent)
            }
            let isObject = stack[top].members.isObject
            let valueIndex = isObject ? member + 1 : member
            if isObject { writeKey(member, indent: indent, edit: edit, context, to: &out) }
            if let frame = open(valueIndex, indent: indent + 2, firstInline: !isObject, edit: edit, context) {
                out.append(isObject ? ":\n" : "- ")
                stack.append(frame)
            } else {
                out.append(isObject ? ": " : "- ")
                writeInline(valueIndex, blockIndent: indent + 2, context, to: &out)
                out.append(0x0A)
            }
        }
    }

    /// The frame of the collection at `index` when it is written as a block (it keeps a member
    /// after the edit); nil for a scalar or an empty collection.
    private func open(_ index: Int, indent: Int, firstInline: Bool, edit: RecordEdit, _ context: Context)
        -> EditedFrame?
    {
        let node = context.nodes[index]
        guard isBlockCollection(node) else { return nil }
        let members = EditedMembers(
            of: index, in: context.nodes, bytes: context.bytes, edit: edit, sortingKeys: sortsKeys)
        var frame = EditedFrame(members: members, indent: indent, firstInline: firstInline)
        frame.upcoming = frame.members.next(in: context.nodes, dropped: edit.dropped)
        return frame.upcoming == nil ? nil : frame
    }

    /// Writes a member's key under its new name, when the edit renames it.
    private func writeKey(_ key: Int, indent: Int, edit: RecordEdit, _ context: Context, to out: inout OutputCursor) {
        guard let name = edit.newName(ofKey: key, readAs: { context.nodes[key].stringBytes(in: context.bytes) }) else {
            return writeKey(key, indent: indent, context, to: &out)
        }
        name.withUnsafeBufferPointer { writeKey(named: $0, indent: indent, to: &out) }
    }

    /// Writes a key named `name` (UTF-8, unescaped), on a line indented `indent`, up to where its
    /// `:` goes: an explicit key (`? key`) when it is too long for an implicit one.
    func writeKey(named name: UnsafeBufferPointer<UInt8>, indent: Int, to out: inout OutputCursor) {
        if isExplicitKey(name) {
            out.append("? ")
            writeText(name, isKey: true, blockIndent: 0, to: &out)
            out.append(0x0A)
            out.append(repeating: 0x20, count: indent)
        } else {
            writeText(name, isKey: true, blockIndent: 0, to: &out)
        }
    }

    /// Whether a key named `name` is longer than `longestImplicitKey` as written. Written, a
    /// name takes at most four bytes a byte (`\x7F`) and its two quotes.
    private func isExplicitKey(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if name.count * 4 + 2 <= Self.longestImplicitKey { return false }
        keyScratch.removeAll()
        var key = keyScratch.beginAppending()
        writeText(name, isKey: true, blockIndent: 0, to: &key)
        keyScratch.endAppending(key)
        return keyScratch.count > Self.longestImplicitKey
    }

}
