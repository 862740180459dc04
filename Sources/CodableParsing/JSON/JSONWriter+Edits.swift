extension JSONWriter {
    /// Appends the record's value with `edit` applied as it is written: only picked members
    /// written, in their order, dropped members and elements left out, renamed keys written under
    /// their new names, nested objects flattened or keys nested back, replaced scalars written as
    /// their replacements. The text is the same as that of the record copied with the edit applied, written with
    /// `write(_:level:replacements:to:)`, but nothing is copied: a huge record is not held twice.
    ///
    /// Only containers holding a picked, dropped or renamed node are walked here, a member at a
    /// time; every other value is written by the plain writer. Iterative, like it.
    public mutating func write(_ record: Record, level: Int = 0, edit: RecordEdit, to out: OutputBuffer) {
        if edit.keepsShape { return write(record, level: level, replacements: edit.replacements, to: out) }
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var cursor = out.beginAppending()
                if let order = edit.unflattening, nodes[record.root].kind == .object {
                    writeUnflattened(
                        root: record.root, nodes: nodes, bytes: bytes.baseAddress!, level: level, order: order,
                        replacements: edit.replacements, to: &cursor)
                } else if let separator = edit.flattening {
                    writeFlattened(
                        root: record.root, nodes: nodes, bytes: bytes.baseAddress!, level: level, separator: separator,
                        replacements: edit.replacements, to: &cursor)
                } else {
                    write(
                        root: record.root, nodes: nodes, bytes: bytes.baseAddress!, level: level, edit: edit,
                        to: &cursor)
                }
                out.endAppending(cursor)
            }
        }
    }

    /// Appends the value at `root` with `edit` applied (see `write(_:level:edit:to:)`): the CSV
    /// writer's cells use it too.
    mutating func write(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, edit: RecordEdit,
        to out: inout OutputCursor
    ) {
        let edited = EditedNodes(edit)
        let replacements = edit.replacements
        let lowestReplaced = replacements.lowestNode
        let highestReplaced = replacements.highestNode
        var stack: [EditedMembers] = []
        var index = root
        while true {
            let node = nodes[index]
            if (node.kind == .object || node.kind == .array) && edited.any(in: index..<(index + node.span)) {
                let isObject = node.kind == .object
                var frame = EditedMembers(of: index, in: nodes, bytes: bytes, edit: edit, sortingKeys: options.sortKeys)
                if let first = frame.next(in: nodes, dropped: edit.dropped) {
                    out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                    stack.append(frame)
                    if options.pretty { newline(level + stack.count, to: &out) }
                    index = start(member: first, isObject: isObject, nodes: nodes, bytes: bytes, edit: edit, to: &out)
                    continue
                }
                out.append(isObject ? "{}" : "[]")
            } else {
                write(
                    root: index, nodes: nodes, bytes: bytes, level: level + stack.count, replacements: replacements,
                    replacedFrom: lowestReplaced, through: highestReplaced, to: &out)
            }
            // The value is written: go on in its container, closing finished ones.
            while !stack.isEmpty {
                let top = stack.count - 1
                if let member = stack[top].next(in: nodes, dropped: edit.dropped) {
                    out.append(UInt8(ascii: ","))
                    if options.pretty { newline(level + stack.count, to: &out) }
                    index = start(
                        member: member, isObject: stack[top].isObject, nodes: nodes, bytes: bytes, edit: edit, to: &out)
                    break
                }
                let frame = stack.removeLast()
                if options.pretty { newline(level + stack.count, to: &out) }
                out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
            if stack.isEmpty { return }
        }
    }

    /// Writes a member's key (in an object) and returns its value's node.
    private func start(
        member: Int, isObject: Bool, nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit,
        to out: inout OutputCursor
    ) -> Int {
        guard isObject else { return member }
        if let name = edit.newName(ofKey: member, readAs: { nodes[member].stringBytes(in: bytes) }) {
            JSONString.quoted(utf8: name).withUnsafeBufferPointer { out.append($0) }
        } else {
            writeString(nodes[member], bytes: bytes, to: &out)
        }
        if options.pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
        return member + 1
    }
}

/// The nodes an edit picks members of, drops or renames, sorted, to tell quickly whether a
/// container holds any. With `renameKey`, any key may be renamed: every container is edited.
private struct EditedNodes {
    private let edit: RecordEdit
    /// Objects whose members are picked, and keys listed as renamed.
    private let sorted: [Int]
    private let everything: Bool

    init(_ edit: RecordEdit) {
        self.edit = edit
        everything = edit.renameKey != nil
        sorted = everything ? [] : (Array(edit.members.keys) + Array(edit.renamed.keys)).sorted()
    }

    /// Whether any edited node lies in `range`.
    func any(in range: Range<Int>) -> Bool {
        if everything || edit.dropped.any(in: range) || edit.renamesAnyKey(in: range) { return true }
        var low = 0
        var high = sorted.count
        while low < high {  // the first edited node at or after the range's start
            let middle = (low + high) / 2
            if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] < range.upperBound
    }
}
