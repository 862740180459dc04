/// How values are written.
public struct JSONWriterOptions: Sendable, Equatable {
    /// One member or element per line, indented.
    public var pretty: Bool
    /// Object members in code-point order of their keys (as `JSONEncoder`'s `.sortedKeys` and jq).
    public var sortKeys: Bool
    /// Spaces per level when pretty.
    public var indent: Int

    /// Compact, in source order, unless told otherwise.
    public init(pretty: Bool = false, sortKeys: Bool = false, indent: Int = 2) {
        self.pretty = pretty
        self.sortKeys = sortKeys
        self.indent = indent
    }
}

/// Writes values from a batch's tape as JSON text: numbers byte for byte as read, strings
/// copied as read unless they hold escapes the writer would not write (then re-escaped
/// minimally), key order kept unless sorting is asked for.
///
/// Iterative, like the scanner, so any depth the scanner accepted is written without recursion.
public struct JSONWriter {
    /// The options in force.
    public let options: JSONWriterOptions
    /// Open containers, kept between calls so writing allocates nothing.
    private var frames: [Frame] = []
    /// Sorted member keys of the open objects, when sorting keys.
    private var sortedMembers: [KeyList] = []
    /// The walk of records written with an edit, kept between calls.
    private var editedWalk = EditedRecordWalk()

    private struct Frame {
        let isObject: Bool
        /// Index into `sortedMembers`, or -1 when members are written in source order.
        let sortedSlot: Int
        var nextSorted: Int
        /// The node after the container's subtree: in source order, its members end there.
        let resume: Int
    }

    /// Creates a writer.
    public init(options: JSONWriterOptions = JSONWriterOptions()) {
        self.options = options
    }

    /// Appends the record's value, its inner lines indented `level` extra levels when pretty.
    ///
    /// `replacements` maps node indices of scalars and strings to the JSON text to write in
    /// their place (re-encoded dates, for one).
    public mutating func write(
        _ record: Record, level: Int = 0, replacements: NodeReplacements = [:], to out: OutputBuffer
    ) {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var cursor = out.beginAppending()
                write(
                    root: record.root, nodes: nodes, bytes: bytes.baseAddress!, level: level,
                    replacements: replacements, to: &cursor)
                out.endAppending(cursor)
            }
        }
    }

    /// Appends the record's value with `edit` applied as it is written (`EditedRecordWalk`):
    /// only picked members written, in their order, dropped members and elements left out,
    /// renamed keys under their new names, nested objects flattened or keys nested back,
    /// replaced scalars written as their replacements. The text is that of the record copied
    /// with the edit applied and written plainly, but nothing is copied: a huge record is not
    /// held twice.
    public mutating func write(_ record: Record, level: Int = 0, edit: RecordEdit, to out: OutputBuffer) {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var cursor = out.beginAppending()
                let sortKeys = options.sortKeys
                walk(nodes: nodes, bytes: bytes.baseAddress!, level: level, edit: edit, to: &cursor) { walk, sink in
                    walk.walk(
                        record.root, nodes: nodes, bytes: bytes.baseAddress!, edit: edit, sortingKeys: sortKeys,
                        into: &sink)
                }
                out.endAppending(cursor)
            }
        }
    }

    /// Appends the value at `root` with `edit`'s picks, drops, renames and replacements applied
    /// (`EditedRecordWalk.walkEdited`): a CSV cell's array or object, for one.
    public mutating func write(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, edit: RecordEdit,
        to out: inout OutputCursor
    ) {
        let sortKeys = options.sortKeys
        walk(nodes: nodes, bytes: bytes, level: level, edit: edit, to: &out) { walk, sink in
            walk.walkEdited(root, nodes: nodes, bytes: bytes, edit: edit, sortingKeys: sortKeys, into: &sink)
        }
    }

    /// Runs `body` with the walk and this writer's events (`JSONRecordEvents`) writing to `out`:
    /// the writer is handed to the events for the walk, so that its scratch space stays its own.
    @inline(__always)
    private mutating func walk(
        nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, edit: RecordEdit,
        to out: inout OutputCursor, _ body: (inout EditedRecordWalk, inout JSONRecordEvents) -> Void
    ) {
        var walk = editedWalk
        editedWalk = EditedRecordWalk()
        let writer = self
        self = JSONWriter(options: options)
        var events = JSONRecordEvents(
            writer: writer, out: out, nodes: nodes, bytes: bytes, replacements: edit.replacements, level: level)
        body(&walk, &events)
        self = events.writer
        editedWalk = walk
        out = events.out
    }

    /// Appends the value rooted at `root`.
    public mutating func write(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int,
        replacements: NodeReplacements = [:], to out: inout OutputCursor
    ) {
        // Only nodes between the lowest and highest replaced index need the dictionary.
        write(
            root: root, nodes: nodes, bytes: bytes, level: level, replacements: replacements,
            replacedFrom: replacements.lowestNode, through: replacements.highestNode, to: &out)
    }

    /// Appends the value rooted at `root`; `replacements` has no key below `lowestReplaced` or
    /// above `highestReplaced` (a caller writing many values with one dictionary finds them once).
    @inline(__always)
    mutating func write(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, replacements: NodeReplacements,
        replacedFrom lowestReplaced: Int, through highestReplaced: Int, to out: inout OutputCursor
    ) {
        let pretty = options.pretty
        var stack = frames
        frames = []
        // A write ends with every frame popped; only an interrupted one leaves any (emptying
        // costs a check of uniqueness, which every record of a JSON Lines copy would pay).
        if !stack.isEmpty { stack.removeAll(keepingCapacity: true) }
        defer { frames = stack }
        var index = root
        while true {
            let node = nodes[index]
            switch node.kind {
            case .object, .array:
                let isObject = node.kind == .object
                if node.size == 0 {
                    out.append(isObject ? "{}" : "[]")
                    index += node.span
                } else {
                    out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                    let resume = index + node.span
                    index += 1
                    var slot = -1
                    if isObject && options.sortKeys {
                        slot = stack.count
                        let keys = KeyOrder.sortedKeys(of: index - 1, in: nodes, bytes: bytes)
                        while sortedMembers.count <= slot { sortedMembers.append(KeyList([])) }
                        sortedMembers[slot] = keys
                        index = keys[0]
                    }
                    stack.append(Frame(isObject: isObject, sortedSlot: slot, nextSorted: 1, resume: resume))
                    if pretty { newline(level + stack.count, to: &out) }
                    if isObject { index = writeKey(at: index, nodes: nodes, bytes: bytes, to: &out) }
                    continue
                }
            case .string, .number, .true, .false, .null:
                if index >= lowestReplaced && index <= highestReplaced, let replacement = replacements[index] {
                    replacement.withUnsafeBufferPointer { out.append($0.baseAddress!, count: $0.count) }
                } else if node.kind == .string {
                    writeString(node, bytes: bytes, to: &out)
                } else {
                    out.append(node.token(in: bytes))
                }
                index += 1
            }

            // The value is written: go on in its container, closing finished ones.
            while !stack.isEmpty {
                let top = stack.count - 1
                let slot = stack[top].sortedSlot
                if slot >= 0 ? stack[top].nextSorted < sortedMembers[slot].count : index < stack[top].resume {
                    out.append(UInt8(ascii: ","))
                    if pretty { newline(level + stack.count, to: &out) }
                    if slot >= 0 {
                        index = sortedMembers[slot][stack[top].nextSorted]
                        stack[top].nextSorted += 1
                    }
                    if stack[top].isObject { index = writeKey(at: index, nodes: nodes, bytes: bytes, to: &out) }
                    break
                }
                let frame = stack.removeLast()
                if pretty { newline(level + stack.count, to: &out) }
                out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                index = frame.resume
            }
            if stack.isEmpty { return }
        }
    }

    @inline(__always)
    func newline(_ level: Int, to out: inout OutputCursor) {
        out.append(0x0A)
        out.append(repeating: 0x20, count: level * options.indent)
    }

    /// Writes the key at `index` and the ':' after it; returns the index of the member's value.
    @inline(__always)
    private func writeKey(at index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, to out: inout OutputCursor)
        -> Int
    {
        writeString(nodes[index], bytes: bytes, to: &out)
        if options.pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
        return index + 1
    }

    @inline(__always)
    func writeString(_ node: JSONNode, bytes: UnsafePointer<UInt8>, to out: inout OutputCursor) {
        if node.needsNormalizing {
            JSONString.appendNormalized(node.token(in: bytes), to: &out)
        } else {
            out.append(node.token(in: bytes))
        }
    }
}
