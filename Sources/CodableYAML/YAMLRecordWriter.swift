import CodableParsing

/// How records are written as YAML.
public struct YAMLWriterOptions: Sendable, Equatable {
    /// All records as one block sequence (`- ` items), instead of one document per record.
    public var sequence: Bool
    /// Object members in code-point order of their keys.
    public var sortKeys: Bool

    /// One document per record, keys in source order, unless told otherwise.
    public init(sequence: Bool = false, sortKeys: Bool = false) {
        self.sequence = sequence
        self.sortKeys = sortKeys
    }
}

/// Writes records as block-style YAML: two-space indents, keys in order, numbers exactly as
/// read, strings plain only when no YAML 1.1 or 1.2 reader could mistake them (`NO`, `on`,
/// `0777`, `2012-10-17`, `1e3` are quoted), multi-line strings as literal blocks.
///
/// By default each record is a document, separated by `---`. A lone record that is an array is
/// written as a one-item sequence, because a file of one document whose root is a sequence reads
/// back as that sequence's elements; so every output reads back as the records written.
/// With `sequence`, the records are the items of one sequence.
public final class YAMLRecordWriter: RecordFormatter {
    /// The bytes written so far; drain them with `removeAll()` after writing them out.
    public let output: OutputBuffer
    private let options: YAMLWriterOptions
    private var written = 0
    private var held: (record: Record, edit: RecordEdit)?
    private var stack: [Frame] = []
    /// The walk of records with their edits, and its open collections, kept between records.
    private var editedWalk = EditedRecordWalk()
    private var eventFrames: [(indent: Int, firstInline: Bool)] = []

    /// An open block collection.
    private struct Frame {
        let isObject: Bool
        var remaining: Int
        /// The next member's key (objects) or the next element.
        var next: Int
        /// Columns of indentation of the collection's lines.
        let indent: Int
        /// The first line follows a `- ` already written.
        var firstInline: Bool
        /// Key nodes in sorted order, last first, when sorting keys.
        var sorted: KeyList?
    }

    /// Whether object members go in code-point order of their keys.
    var sortsKeys: Bool { options.sortKeys }

    /// Creates a writer.
    public init(options: YAMLWriterOptions = YAMLWriterOptions(), output: OutputBuffer = OutputBuffer()) {
        self.options = options
        self.output = output
    }

    /// Writes every record of a batch.
    public func write(_ batch: RecordBatch) {
        for index in 0..<batch.count { write(batch[index], replacements: [:]) }
    }

    /// Writes one record, with `replacements` (JSON text) written in place of the nodes they name.
    public func write(_ record: Record, replacements: NodeReplacements) {
        var edit = RecordEdit(root: record.root)
        edit.replacements = replacements
        write(record, edit: edit)
    }

    /// Writes one record with `edit` applied: only picked members written, in their order,
    /// dropped members left out, renamed keys under their new names, replacements written in
    /// place of the nodes they name. The text is that of the record copied with the edit
    /// applied, but nothing is copied: a huge record is not held twice.
    public func write(_ record: Record, edit: RecordEdit) {
        if options.sequence {
            writeItem(record, edit: edit)
        } else if written == 0 && held == nil && isArray(record) {
            held = (record, edit)
            return
        } else {
            if let first = held {
                held = nil
                writeDocument(first.record, edit: first.edit)
            }
            writeDocument(record, edit: edit)
        }
    }

    /// Ends the output: writes a held lone array as a one-item sequence; an empty sequence
    /// output is `[]`.
    public func finish() {
        if let first = held {
            held = nil
            writeItem(first.record, edit: first.edit)
        }
        if options.sequence && written == 0 { output.append("[]\n") }
    }

    /// A lone array record (empty too) is written as a one-item sequence: as a document of its
    /// own it would read back as its elements (none, for `[]`).
    private func isArray(_ record: Record) -> Bool {
        record.batch.nodes[record.root].kind == .array
    }

    private func writeDocument(_ record: Record, edit: RecordEdit) {
        if written > 0 { output.append("---\n") }
        write(record, indent: 0, afterDash: false, edit: edit)
        written += 1
    }

    private func writeItem(_ record: Record, edit: RecordEdit) {
        output.append("- ")
        write(record, indent: 2, afterDash: true, edit: edit)
        written += 1
    }

    // MARK: Values

    /// Writes the value rooted at `record.root` with `edit` applied (`YAMLRecordEvents`);
    /// containers at `indent` (their first line right after a `- ` when `afterDash`), a
    /// top-level scalar's block lines at `indent` or 2.
    private func write(_ record: Record, indent: Int, afterDash: Bool, edit: RecordEdit) {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var out = output.beginAppending()
                defer { output.endAppending(out) }
                let context = Context(
                    nodes: nodes, bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                    replacements: edit.replacements)
                var events = YAMLRecordEvents(
                    writer: self, out: out, context: context, rootIndent: indent, afterDash: afterDash,
                    frames: eventFrames)
                eventFrames = []
                var walk = editedWalk
                editedWalk = EditedRecordWalk()
                walk.walk(
                    record.root, nodes: nodes, bytes: context.bytes, edit: edit, sortingKeys: options.sortKeys,
                    into: &events)
                editedWalk = walk
                eventFrames = events.frames
                out = events.out
            }
        }
    }

    struct Context {
        let nodes: NodeTape
        let bytes: UnsafePointer<UInt8>
        let replacements: NodeReplacements
    }

    @inline(__always)
    func isBlockCollection(_ node: JSONNode) -> Bool {
        (node.kind == .object || node.kind == .array) && node.size > 0
    }

    func push(_ index: Int, indent: Int, firstInline: Bool, _ context: Context) {
        let node = context.nodes[index]
        let isObject = node.kind == .object
        var sorted: KeyList?
        if isObject && options.sortKeys {  // last first, for `popLast`
            sorted = KeyOrder.sortedKeys(of: index, in: context.nodes, bytes: context.bytes, lastFirst: true)
        }
        let next = sorted?.popLast() ?? index + 1
        stack.append(
            Frame(
                isObject: isObject, remaining: JSONNode.memberCount(of: index, in: context.nodes), next: next,
                indent: indent, firstInline: firstInline, sorted: sorted))
    }

    /// Writes the open collections' members and elements, one line (or block) each.
    func writeCollections(_ context: Context, to out: inout OutputCursor) {
        let nodes = context.nodes
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].remaining > 0 else {
                stack.removeLast()
                continue
            }
            let index = stack[top].next
            let indent = stack[top].indent
            stack[top].remaining -= 1
            if stack[top].firstInline {
                stack[top].firstInline = false
            } else {
                out.append(repeating: 0x20, count: indent)
            }
            let valueIndex = stack[top].isObject ? index + 1 : index
            let value = nodes[valueIndex]
            // Where the next member or element starts.
            if stack[top].sorted != nil {
                stack[top].next = stack[top].sorted!.popLast() ?? 0
            } else {
                stack[top].next = valueIndex + value.span
            }
            if stack[top].isObject {
                writeKey(index, indent: indent, context, to: &out)
                if isBlockCollection(value) {
                    out.append(":\n")
                    push(valueIndex, indent: indent + 2, firstInline: false, context)
                } else {
                    out.append(": ")
                    writeInline(valueIndex, blockIndent: indent + 2, context, to: &out)
                    out.append(0x0A)
                }
            } else {
                out.append("- ")
                if isBlockCollection(value) {
                    push(valueIndex, indent: indent + 2, firstInline: true, context)
                } else {
                    writeInline(valueIndex, blockIndent: indent + 2, context, to: &out)
                    out.append(0x0A)
                }
            }
        }
    }

    // MARK: Scalars

    /// Writes a member's key, on a line indented `indent`, up to where its `:` goes. A key
    /// longer than `longestImplicitKey` as written is an explicit key (`? key`, then the `:`
    /// on a line of its own): YAML takes an implicit key of at most 1024 characters, and
    /// libyaml, like any YAML reader, refuses a longer one ("mapping values are not allowed").
    func writeKey(_ index: Int, indent: Int, _ context: Context, to out: inout OutputCursor) {
        let node = context.nodes[index]
        guard isExplicitKey(node, context) else {
            writeString(node, context.bytes, isKey: true, blockIndent: 0, to: &out)
            return
        }
        out.append("? ")
        writeString(node, context.bytes, isKey: true, blockIndent: 0, to: &out)
        out.append(0x0A)
        out.append(repeating: 0x20, count: indent)
    }

    /// Whether a key is longer than `longestImplicitKey` as written. Written, a key is less than
    /// four times as long as its JSON token (a DEL, one byte there, is `\x7F` here) and more
    /// than a sixth of it (`\u0001` is six bytes there, one character here): only a key whose
    /// token is between the two is written aside, to be measured (a few kilobytes at most).
    private func isExplicitKey(_ node: JSONNode, _ context: Context) -> Bool {
        let tokenLength = node.tokenLength(in: context.bytes)
        if tokenLength <= Self.longestImplicitKey / 4 { return false }
        if tokenLength - 2 > Self.longestImplicitKey * 6 { return true }
        keyScratch.removeAll()
        var key = keyScratch.beginAppending()
        writeString(node, context.bytes, isKey: true, blockIndent: 0, to: &key)
        keyScratch.endAppending(key)
        return keyScratch.count > Self.longestImplicitKey
    }

    /// The longest key, in bytes as written, written as an implicit key (`key: value`). YAML's
    /// limit is 1024 characters; bytes are never fewer than characters.
    static let longestImplicitKey = 1024

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

    /// Where a long key is written, to be measured before it goes out.
    let keyScratch = OutputBuffer(capacity: 1024)

    /// A scalar or an empty collection, on the current line (a literal block's lines follow,
    /// indented `blockIndent`).
    func writeInline(_ index: Int, blockIndent: Int, _ context: Context, to out: inout OutputCursor) {
        if !context.replacements.isEmpty, let replacement = context.replacements[index] {
            writeReplacement(replacement, blockIndent: blockIndent, to: &out)
            return
        }
        let node = context.nodes[index]
        switch node.kind {
        case .string: writeString(node, context.bytes, isKey: false, blockIndent: blockIndent, to: &out)
        case .object: out.append("{}")
        case .array: out.append("[]")
        case .number, .null, .true, .false: out.append(node.token(in: context.bytes))
        }
    }

    /// JSON text written in place of a value (a re-encoded date): a string or a number.
    private func writeReplacement(_ json: ArraySlice<UInt8>, blockIndent: Int, to out: inout OutputCursor) {
        json.withUnsafeBufferPointer { token in
            guard token.first == UInt8(ascii: "\"") else {
                out.append(token.baseAddress!, count: token.count)
                return
            }
            let content = JSONString.unescape(token)
            content.withUnsafeBufferPointer { writeText($0, isKey: false, blockIndent: blockIndent, to: &out) }
        }
    }

    @inline(__always)
    private func writeString(
        _ node: JSONNode, _ bytes: UnsafePointer<UInt8>, isKey: Bool, blockIndent: Int, to out: inout OutputCursor
    ) {
        let token = node.token(in: bytes)
        if node.hasEscapes {
            let content = JSONString.unescape(token)
            content.withUnsafeBufferPointer { writeText($0, isKey: isKey, blockIndent: blockIndent, to: &out) }
        } else {
            writeText(
                UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)]), isKey: isKey, blockIndent: blockIndent,
                to: &out)
        }
    }

    func writeText(_ text: UnsafeBufferPointer<UInt8>, isKey: Bool, blockIndent: Int, to out: inout OutputCursor) {
        switch YAMLScalarStyle.choose(for: text, isKey: isKey) {
        case .plain:
            out.append(text.baseAddress!, count: text.count)
        case .doubleQuoted:
            YAMLDoubleQuoted.append(text, to: &out)
        case .literal(let needsIndicator, let trailingBreaks):
            out.append(UInt8(ascii: "|"))
            if needsIndicator { out.append(UInt8(ascii: "2")) }
            if trailingBreaks == 0 {
                out.append(UInt8(ascii: "-"))
            } else if trailingBreaks > 1 {
                out.append(UInt8(ascii: "+"))
            }
            let base = text.baseAddress!
            var lineStart = 0
            let contentEnd = text.count - min(trailingBreaks, 1)
            while lineStart <= contentEnd {
                var lineEnd = lineStart
                while lineEnd < contentEnd && text[lineEnd] != 0x0A { lineEnd += 1 }
                out.append(0x0A)
                if lineEnd > lineStart {
                    out.append(repeating: 0x20, count: blockIndent)
                    out.append(base + lineStart, count: lineEnd - lineStart)
                }
                lineStart = lineEnd + 1
            }
        }
    }
}
