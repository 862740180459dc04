import CodableParsing

/// Builds a new tape for edited records (selected, renamed, re-keyed) without re-parsing them:
/// copied nodes keep pointing into the source batch's bytes, so numbers and strings keep their
/// exact text and their source locations; only new text (a renamed key, a re-encoded date) is
/// appended after the source bytes.
///
/// One builder serves one source batch; `finish()` returns the new batch. When no new text was
/// needed the new batch shares the source's bytes (nothing is copied but nodes).
struct TapeBuilder {
    let source: RecordBatch
    private let nodes: NodeBuffer
    private var roots: [Int32] = []
    private var extra: [UInt8] = []
    /// Open containers: their node index and members or elements so far.
    private var open: [(index: Int, count: Int)] = []

    init(source: RecordBatch) {
        self.source = source
        self.nodes = NodeBuffer(capacity: max(64, source.nodes.count))
    }

    /// Number of records finished so far.
    var recordCount: Int { roots.count }

    /// Starts a record: the next value appended is its root.
    mutating func beginRecord() {
        roots.append(Int32(truncatingIfNeeded: nodes.count))
    }

    /// Copies the value at `index` of the source, replacing the nodes `replacements` names.
    mutating func copy(_ index: Int, replacements: [Int: [UInt8]] = [:]) {
        countChild()
        let span = source.nodes[index].span
        if replacements.isEmpty {
            source.nodes.withNodes { source in
                for offset in 0..<span { nodes.append(source[index + offset]) }
            }
            return
        }
        for offset in 0..<span {
            let node = source.nodes[index + offset]
            if let text = replacements[index + offset] {
                nodes.append(newScalar(text, like: node))
            } else {
                nodes.append(node)
            }
        }
    }

    /// Appends an object key: the source key node at `index`, or `newText` (UTF-8 of the name,
    /// without quotes) in its place.
    mutating func key(_ index: Int, newText: [UInt8]? = nil) {
        let node = source.nodes[index]
        guard let newText else { return append(node) }
        var quoted: [UInt8] = []
        JSONText.appendString(newText, to: &quoted)
        append(newScalar(quoted, like: node))
    }

    /// Appends a key whose text is `name` (a key that has no source node).
    mutating func key(named name: [UInt8]) {
        var quoted: [UInt8] = []
        JSONText.appendString(name, to: &quoted)
        append(newScalar(quoted, like: JSONNode(kind: .string, start: 0, length: 0)))
    }

    /// Appends a scalar whose JSON text is `text`, located like `node`.
    mutating func scalar(_ text: [UInt8], kind: JSONNode.Kind, like node: JSONNode) {
        countChild()
        var scalar = newScalar(text, like: node)
        scalar.kind = kind
        nodes.append(scalar)
    }

    /// Opens an object or array located like the source node `like`; close it with `close()`.
    mutating func openContainer(_ kind: JSONNode.Kind, like index: Int) {
        countChild()
        let start = Int(source.nodes[index].start)
        let node = nodes.append(JSONNode(kind: kind, start: start, length: 0))
        open.append((node, 0))
    }

    /// Closes the innermost open container, setting its size and count.
    mutating func close() {
        let (index, count) = open.removeLast()
        let length = nodes.count - index - 1
        nodes.update(index) { node in
            node.length = UInt32(truncatingIfNeeded: length)
            node.count = UInt32(truncatingIfNeeded: count)
        }
    }

    /// Members (keys count, their values do not) or elements of the innermost open container.
    private mutating func countChild() {
        if !open.isEmpty { open[open.count - 1].count += 1 }
    }

    /// A key node, appended without counting as a member (its value counts).
    private mutating func append(_ node: JSONNode) {
        nodes.append(node)
    }

    /// A string or scalar node whose text lives in the extra bytes.
    private mutating func newScalar(_ text: [UInt8], like node: JSONNode) -> JSONNode {
        let start = source.bytes.count + extra.count
        extra.append(contentsOf: text)
        var scalar = node
        scalar.start = UInt32(truncatingIfNeeded: start)
        scalar.length = UInt32(truncatingIfNeeded: text.count)
        scalar.count = 0
        if node.kind == .string {
            // Written as JSONText wrote it: minimal escapes, nothing to normalise.
            scalar.flags = text.contains(UInt8(ascii: "\\")) ? 1 : 0
        }
        return scalar
    }

    /// The batch of finished records.
    func finish() -> RecordBatch {
        var bytes = source.bytes
        if !extra.isEmpty {
            bytes = ByteStorage(capacity: source.bytes.count + extra.count)
            source.bytes.withUnsafeBufferPointer { bytes.append($0) }
            extra.withUnsafeBufferPointer { bytes.append($0) }
        }
        return RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: source.firstRecordIndex,
            fromTopLevelArray: source.fromTopLevelArray, framing: source.framing, locator: source.locator)
    }
}

/// JSON text for values the pipeline makes up (keys, envelope fields).
enum JSONText {
    /// Appends `utf8` as a JSON string literal, escaping only what JSON requires.
    static func appendString(_ utf8: [UInt8], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
