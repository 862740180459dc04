import CodableParsing

/// A new tape for records rebuilt from a source batch (flattened, unflattened): copied nodes
/// keep pointing into the source's bytes, so values keep their exact text and their places in
/// the input; only new text (a joined or split key, a parsed cell) is added after those bytes.
///
/// Each new node remembers the source node it came from, so a source with a `sourceMap` (CSV,
/// YAML) gives the new batch one too.
struct RebuiltTape {
    let source: RecordBatch
    private let nodes: NodeBuffer
    private var origins: [Int32] = []
    private var extra: [UInt8] = []
    private var roots: [Int32] = []
    /// Open containers: node index and members or elements so far.
    private var open: [(index: Int, count: Int)] = []

    init(source: RecordBatch) {
        self.source = source
        self.nodes = NodeBuffer(capacity: max(64, source.nodes.count))
        if source.sourceMap != nil { origins.reserveCapacity(source.nodes.count) }
    }

    /// Starts a record: the next value appended is its root.
    mutating func beginRecord() {
        roots.append(Int32(truncatingIfNeeded: nodes.count))
    }

    /// Copies the value at `index` of the source (its whole subtree).
    mutating func copyValue(_ index: Int) {
        countChild()
        let span = source.nodes[index].span
        source.nodes.withNodes { sourceNodes in
            for offset in 0..<span { append(sourceNodes[index + offset], origin: index + offset) }
        }
    }

    /// Copies the key node at `index` of the source.
    mutating func copyKey(_ index: Int) {
        append(source.nodes[index], origin: index)
    }

    /// Appends a key whose text is `name` (UTF-8, unescaped), placed like the source node `origin`.
    mutating func newKey(_ name: UnsafeBufferPointer<UInt8>, origin: Int) {
        let start = source.bytes.count + extra.count
        let flags = Self.appendJSONString(name, to: &extra)
        append(JSONNode(kind: .string, flags: flags, start: start, length: source.bytes.count + extra.count - start), origin: origin)
    }

    /// Opens an object placed like the source node `origin`; `close()` ends it.
    mutating func openObject(origin: Int) {
        countChild()
        let index = append(JSONNode(kind: .object, start: Int(source.nodes[origin].start), length: 0), origin: origin)
        open.append((index, 0))
    }

    /// Closes the innermost open object, setting its size and member count.
    mutating func close() {
        let (index, count) = open.removeLast()
        let length = nodes.count - index - 1
        nodes.update(index) { node in
            node.length = UInt32(truncatingIfNeeded: length)
            node.count = UInt32(truncatingIfNeeded: count)
        }
    }

    /// Appends `text` as new JSON text and its value, scanned; false (nothing appended) when it
    /// is not exactly one JSON value.
    mutating func parsedValue(_ text: [UInt8], origin: Int) -> Bool {
        let scanned = NodeBuffer(capacity: 64)
        var scanner = JSONScanner()
        let ok: Bool = text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            do {
                let end = try scanner.scanValue(in: base, from: 0, end: buffer.count, isFinal: true, into: scanned)
                return scanner.skipWhitespace(base, from: end, end: buffer.count) == buffer.count
            } catch {
                return false
            }
        }
        guard ok else { return false }
        countChild()
        let shift = UInt32(truncatingIfNeeded: source.bytes.count + extra.count)
        extra.append(contentsOf: text)
        scanned.withNodes { scannedNodes in
            for var node in scannedNodes {
                node.start &+= shift
                append(node, origin: origin)
            }
        }
        return true
    }

    /// The batch of the records built.
    func finish() -> RecordBatch {
        var bytes = source.bytes
        if !extra.isEmpty {
            bytes = ByteStorage(capacity: source.bytes.count + extra.count)
            source.bytes.withUnsafeBufferPointer { bytes.append($0) }
            extra.withUnsafeBufferPointer { bytes.append($0) }
        }
        let map = source.sourceMap.map { map in
            NodeSourceMap(positions: origins.map { map.positions[Int($0)] }, text: map.text, firstLine: map.firstLine, baseOffset: map.baseOffset)
        }
        return RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: source.firstRecordIndex,
            fromTopLevelArray: source.fromTopLevelArray, framing: source.framing, locator: source.locator, sourceMap: map)
    }

    // MARK: Helpers

    private mutating func countChild() {
        if !open.isEmpty { open[open.count - 1].count += 1 }
    }

    @discardableResult
    private mutating func append(_ node: JSONNode, origin: Int) -> Int {
        if source.sourceMap != nil { origins.append(Int32(truncatingIfNeeded: origin)) }
        return nodes.append(node)
    }

    /// Appends `utf8` as a JSON string token, escaping only what JSON requires; returns the
    /// node flags (bit 0: the token holds escapes).
    private static func appendJSONString(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> UInt8 {
        var flags: UInt8 = 0
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(0x5C); out.append(byte); flags = 1
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n")); flags = 1
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r")); flags = 1
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t")); flags = 1
            case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b")); flags = 1
            case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f")); flags = 1
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                flags = 1
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return flags
    }
}
