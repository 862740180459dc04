import CodableParsing

/// The block YAML of a record walked with its edit applied (`EditedRecordWalk`): what a
/// `YAMLRecordWriter` writes for each event. A value taken whole is written by the writer's own
/// walk.
struct YAMLRecordEvents: RecordEventSink {
    let writer: YAMLRecordWriter
    var out: OutputCursor
    let context: YAMLRecordWriter.Context
    /// Columns of indentation of the root's lines, when it is a block collection.
    let rootIndent: Int
    /// The root's first line follows a `- ` already written.
    let afterDash: Bool
    /// The block collections open: the columns of indentation of their lines, and whether the
    /// next line follows a `- ` already written.
    var frames: [(indent: Int, firstInline: Bool)]
    /// What the next value follows.
    private var follows = Follows.nothing

    private enum Follows {
        /// It is the root.
        case nothing
        /// A key, without its `:`.
        case key
        /// A sequence item's `- `.
        case dash
    }

    init(
        writer: YAMLRecordWriter, out: OutputCursor, context: YAMLRecordWriter.Context, rootIndent: Int,
        afterDash: Bool, frames: [(indent: Int, firstInline: Bool)]
    ) {
        self.writer = writer
        self.out = out
        self.context = context
        self.rootIndent = rootIndent
        self.afterDash = afterDash
        self.frames = frames
    }

    mutating func key(_ key: Int) {
        let indent = startLine()
        writer.writeKey(key, indent: indent, context, to: &out)
        follows = .key
    }

    mutating func key(named name: UnsafeBufferPointer<UInt8>, of key: Int?) {
        let indent = startLine()
        writer.writeKey(named: name, indent: indent, to: &out)
        follows = .key
    }

    mutating func element() {
        startLine()
        out.append("- ")
        follows = .dash
    }

    mutating func begin(_ container: Int?, isObject: Bool) -> Bool {
        switch follows {
        case .nothing:
            frames.append((rootIndent, afterDash))
        case .key:
            out.append(":\n")
            frames.append((frames[frames.count - 1].indent + 2, false))
        case .dash:
            frames.append((frames[frames.count - 1].indent + 2, true))
        }
        return true
    }

    mutating func end(isObject: Bool) {
        frames.removeLast()
    }

    mutating func value(_ index: Int) {
        write(index, context)
    }

    mutating func emptied(_ container: Int, isObject: Bool) {
        writeInline(container, context)
    }

    mutating func embedded(_ string: Int, nodes: NodeTape, text: UnsafePointer<UInt8>) {
        write(0, YAMLRecordWriter.Context(nodes: nodes, bytes: text, replacements: [:]))
    }

    /// Indents the line of the innermost collection's next member or element, unless it follows
    /// a `- `; returns the columns of indentation.
    @discardableResult
    private mutating func startLine() -> Int {
        let top = frames.count - 1
        if frames[top].firstInline {
            frames[top].firstInline = false
        } else {
            out.append(repeating: 0x20, count: frames[top].indent)
        }
        return frames[top].indent
    }

    /// Writes the value at `index` as it stands: a block collection on the lines below (or
    /// after the `- `), else on the current line.
    private mutating func write(_ index: Int, _ context: YAMLRecordWriter.Context) {
        guard writer.isBlockCollection(context.nodes[index]) else { return writeInline(index, context) }
        switch follows {
        case .nothing:
            writer.push(index, indent: rootIndent, firstInline: afterDash, context)
        case .key:
            out.append(":\n")
            writer.push(index, indent: frames[frames.count - 1].indent + 2, firstInline: false, context)
        case .dash:
            writer.push(index, indent: frames[frames.count - 1].indent + 2, firstInline: true, context)
        }
        writer.writeCollections(context, to: &out)
    }

    /// Writes the value at `index` on the current line (a scalar, or `{}` or `[]`), and ends it.
    private mutating func writeInline(_ index: Int, _ context: YAMLRecordWriter.Context) {
        switch follows {
        case .nothing:
            writer.writeInline(index, blockIndent: max(rootIndent, 2), context, to: &out)
        case .key:
            out.append(": ")
            writer.writeInline(index, blockIndent: frames[frames.count - 1].indent + 2, context, to: &out)
        case .dash:
            writer.writeInline(index, blockIndent: frames[frames.count - 1].indent + 2, context, to: &out)
        }
        out.append(0x0A)
    }
}
