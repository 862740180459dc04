import CodableParsing

/// Builds a new tape for edited records (selected, renamed, re-keyed, flattened, unflattened)
/// without re-parsing them: copied nodes keep pointing into the source batch's bytes, so numbers
/// and strings keep their exact text and their source locations; only new text (a renamed key,
/// a re-encoded date, a parsed cell) is appended after the source bytes.
///
/// Each new node remembers the source node it stands for, so a source with a `sourceMap` (YAML,
/// CSV) gives the new batch one too: errors found later still point into the YAML or CSV.
///
/// One builder serves one source batch; `finish()` returns the new batch. When no new text was
/// needed the new batch shares the source's bytes (nothing is copied but nodes).
struct TapeBuilder {
    let source: RecordBatch
    /// The source's nodes, held here: reading them through the batch for each node copied
    /// retains and releases what it shares.
    private let sourceNodes: NodeBuffer
    private let nodes: NodeBuffer
    private var roots: [Int32] = []
    private var extra: [UInt8] = []
    /// For a source with a `sourceMap`: the source node each new node stands for.
    private var origins = NodeOrigins()
    /// Whether the source has a `sourceMap` (asked once: reading it for each node copied the
    /// map, retains and releases, a fifth of `--unflatten`'s time on CSV).
    private let keepsOrigins: Bool
    /// Open containers' node indices.
    private var open: [Int] = []
    /// Where `parsedValue` scans its text: one buffer for the cells of a batch.
    private var scratch = EmbeddedJSON()

    init(source: RecordBatch) {
        self.source = source
        self.sourceNodes = source.nodes
        self.nodes = NodeBuffer(capacity: max(64, source.nodes.count))
        keepsOrigins = source.sourceMap != nil
    }

    /// Nodes of the record begun last (its root and everything in it).
    var currentRecordNodes: Int { nodes.count - Int(roots.last ?? 0) }

    /// Number of records finished so far.
    var recordCount: Int { roots.count }

    /// Starts a record: the next value appended is its root.
    mutating func beginRecord() {
        roots.append(Int32(truncatingIfNeeded: nodes.count))
    }

    /// Copies the value at `index` of the source.
    mutating func copy(_ index: Int) {
        let span = sourceNodes[index].span
        sourceNodes.withNodes { sourceNodes in
            for offset in 0..<span { append(sourceNodes[index + offset], origin: index + offset) }
        }
    }

    /// Copies the value at `index` of the source, replacing the nodes `replacements` names.
    mutating func copy(_ index: Int, replacements: NodeReplacements) {
        guard !replacements.isEmpty else { return copy(index) }
        let span = sourceNodes[index].span
        for offset in 0..<span {
            let node = sourceNodes[index + offset]
            if let text = replacements[index + offset] {
                append(newScalar(text), origin: index + offset)
            } else {
                append(node, origin: index + offset)
            }
        }
    }

    /// Appends an object key: the source key node at `index`, or `newText` (UTF-8 of the name,
    /// without quotes) in its place.
    mutating func key(_ index: Int, newText: [UInt8]? = nil) {
        let node = sourceNodes[index]
        guard let newText else {
            append(node, origin: index)
            return
        }
        append(newScalar(JSONString.quoted(utf8: newText)), origin: index)
    }

    /// Appends a key named `name` (UTF-8, without quotes), placed like the source node `origin`.
    mutating func key(named name: some Collection<UInt8>, origin: Int) {
        append(newKeyNode(named: name), origin: origin)
    }

    /// A key node named `name` (UTF-8, without quotes), its text added to the new bytes, not
    /// appended: `key(_:origin:)` appends it, as often as the key comes (the same key of each
    /// record of a batch takes its text once).
    mutating func newKeyNode(named name: some Collection<UInt8>) -> JSONNode {
        newScalar(JSONString.quoted(utf8: name))
    }

    /// Appends the key node `node` (from `newKeyNode(named:)`), placed like the source node
    /// `origin`.
    mutating func key(_ node: JSONNode, origin: Int) {
        append(node, origin: origin)
    }

    /// Appends `text` as new JSON text and its value, scanned, placed like the source node
    /// `origin`; false (nothing appended) when it is not exactly one JSON value.
    mutating func parsedValue(_ text: [UInt8], origin: Int) -> Bool {
        guard text.withUnsafeBufferPointer({ scratch.scan($0) }) else { return false }
        let shift = UInt32(truncatingIfNeeded: source.bytes.count + extra.count)
        extra.append(contentsOf: text)
        scratch.nodes.withNodes { scannedNodes in
            for var node in scannedNodes {
                node.start &+= shift
                append(node, origin: origin)
            }
        }
        return true
    }

    /// Opens an object or array located like the source node `like`; close it with `close()`.
    mutating func openContainer(_ kind: JSONNode.Kind, like index: Int) {
        let start = Int(sourceNodes[index].start)
        open.append(append(JSONNode(kind: kind, start: start, length: 0), origin: index))
    }

    /// Closes the innermost open container, setting its size.
    mutating func close() {
        let index = open.removeLast()
        let size = nodes.count - index - 1
        nodes.update(index) { $0.size = size }
    }

    /// Appends a node standing for the source node `origin`; past a record's first
    /// `NodeBuffer.nodesBeforeFolding` nodes, a scalar may be folded with the 15 before it.
    @discardableResult
    private mutating func append(_ node: JSONNode, origin: Int) -> Int {
        if keepsOrigins { origins.append(origin) }
        if node.kind != .array && node.kind != .object && currentRecordNodes >= NodeBuffer.nodesBeforeFolding {
            return nodes.appendFoldable(node)
        }
        return nodes.append(node)
    }

    /// A string or scalar node whose text lives in the extra bytes.
    private mutating func newScalar(_ text: some Collection<UInt8>) -> JSONNode {
        let start = source.bytes.count + extra.count
        extra.append(contentsOf: text)
        // The kind is the new text's: a date read as a number may be written as a string, and the
        // YAML and CSV writers write a node by its kind.
        let kind = Self.kind(ofScalar: text)
        // A string is written as JSONString.quoted writes it: minimal escapes, nothing to normalise.
        let flags: UInt8 = kind == .string && text.contains(UInt8(ascii: "\\")) ? 1 : 0
        return JSONNode(kind: kind, flags: flags, start: start, length: text.count)
    }

    /// The kind of the JSON scalar `text`: a string, a number, a boolean or null.
    static func kind(ofScalar text: some Collection<UInt8>) -> JSONNode.Kind {
        switch text.first {
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"): .true
        case UInt8(ascii: "f"): .false
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    /// The batch of finished records.
    func finish() -> RecordBatch {
        var bytes = source.bytes
        if !extra.isEmpty {
            bytes = ByteStorage(capacity: source.bytes.count + extra.count)
            source.bytes.withUnsafeBufferPointer { bytes.append($0) }
            extra.withUnsafeBufferPointer { bytes.append($0) }
        }
        let map = source.sourceMap.map { $0.rebuilt(origins: origins) }
        return RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: source.firstRecordIndex,
            fromTopLevelArray: source.fromTopLevelArray, framing: source.framing, locator: source.locator,
            sourceMap: map)
    }
}
