/// The JSON text of a record walked with its edit applied (`EditedRecordWalk`): what a
/// `JSONWriter` writes for each event. A value taken whole is written by the writer's own walk.
struct JSONRecordEvents: RecordEventSink {
    /// The writer, held for the walk (its scratch space is its own again after it).
    var writer: JSONWriter
    var out: OutputCursor
    let nodes: NodeTape
    let bytes: UnsafePointer<UInt8>
    let replacements: NodeReplacements
    /// The indentation level of the walk's root.
    let level: Int
    private let lowestReplaced: Int
    private let highestReplaced: Int
    /// Containers open.
    private var depth = 0
    /// No member or element of the innermost open container is written yet.
    private var first = false

    init(
        writer: JSONWriter, out: OutputCursor, nodes: NodeTape, bytes: UnsafePointer<UInt8>,
        replacements: NodeReplacements, level: Int
    ) {
        self.writer = writer
        self.out = out
        self.nodes = nodes
        self.bytes = bytes
        self.replacements = replacements
        self.level = level
        lowestReplaced = replacements.lowestNode
        highestReplaced = replacements.highestNode
    }

    mutating func key(_ key: Int) {
        startMember()
        writer.writeString(nodes[key], bytes: bytes, to: &out)
        colon()
    }

    mutating func key(named name: UnsafeBufferPointer<UInt8>, of key: Int?) {
        startMember()
        _ = JSONString.appendQuoted(name, to: &out)
        colon()
    }

    mutating func element() { startMember() }

    mutating func begin(_ container: Int?, isObject: Bool) -> Bool {
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        depth += 1
        first = true
        return true
    }

    mutating func end(isObject: Bool) {
        depth -= 1
        if writer.options.pretty { writer.newline(level + depth, to: &out) }
        out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        first = false
    }

    @inline(__always)
    mutating func value(_ index: Int) {
        writer.write(
            root: index, nodes: nodes, bytes: bytes, level: level + depth, replacements: replacements,
            replacedFrom: lowestReplaced, through: highestReplaced, to: &out)
    }

    mutating func emptied(_ container: Int, isObject: Bool) {
        out.append(isObject ? "{}" : "[]")
    }

    mutating func embedded(_ string: Int, nodes: NodeTape, text: UnsafePointer<UInt8>) {
        writer.write(root: 0, nodes: nodes, bytes: text, level: level + depth, to: &out)
    }

    /// The comma before a member or element (but the first), and its line when pretty.
    private mutating func startMember() {
        if first { first = false } else { out.append(UInt8(ascii: ",")) }
        if writer.options.pretty { writer.newline(level + depth, to: &out) }
    }

    private mutating func colon() {
        if writer.options.pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
    }
}
