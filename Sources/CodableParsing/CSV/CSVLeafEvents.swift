/// The leaves of a record walked with its edit applied (`EditedRecordWalk`), each named by the
/// keys on its way joined by dots (`CSVWriter.path`): what a `CSVWriter` makes its columns of
/// (`discovering`) or places in them. Objects are walked into; an array, an object the edit
/// leaves empty and an object a chosen column names are leaves, written whole in one cell. A
/// string holding a JSON object, when nesting keys back parses it, has its members as leaves.
struct CSVLeafEvents: RecordEventSink {
    let writer: CSVWriter
    let record: Record
    let nodes: NodeTape
    let bytes: UnsafePointer<UInt8>
    let discovering: Bool
    /// The column the next leaf is expected in.
    private var guess = 0
    /// Objects open, the root's among them.
    private var depth = 0
    /// Where the path stood before the member of each open object but the root.
    var memberStarts: [Int]
    /// Where the path stood before the current member's name, and its key node (-1: none).
    private var memberStart = 0
    private var key = -1

    init(
        writer: CSVWriter, record: Record, nodes: NodeTape, bytes: UnsafePointer<UInt8>, discovering: Bool,
        memberStarts: [Int]
    ) {
        self.writer = writer
        self.record = record
        self.nodes = nodes
        self.bytes = bytes
        self.discovering = discovering
        self.memberStarts = memberStarts
        writer.path.count = 0
    }

    mutating func key(_ key: Int) {
        memberStart = writer.path.count
        writer.appendKey(nodes[key], bytes: bytes)
        self.key = key
    }

    mutating func key(named name: UnsafeBufferPointer<UInt8>, of key: Int?) {
        memberStart = writer.path.count
        if let base = name.baseAddress, name.count > 0 { writer.path.append(base, count: name.count) }
        self.key = key ?? -1
    }

    /// Never comes: an array is a leaf.
    mutating func element() {}

    mutating func begin(_ container: Int?, isObject: Bool) -> Bool {
        guard depth > 0 else {
            depth = 1
            return true
        }
        if let container {
            guard isObject else {
                leaf(container)
                return false
            }
            if placedWhole(container) {
                writer.path.count = memberStart
                return false
            }
        }
        memberStarts.append(memberStart)
        writer.path.append(UInt8(ascii: "."))
        depth += 1
        return true
    }

    mutating func end(isObject: Bool) {
        depth -= 1
        if depth > 0 { writer.path.count = memberStarts.removeLast() }
    }

    mutating func value(_ index: Int) {
        guard depth > 0 else {
            return writer.walkMembers(
                of: index, in: record, nodes: nodes, bytes: bytes, discovering: discovering, guess: &guess)
        }
        let node = nodes[index]
        if node.kind == .object && node.size > 0 {
            if !placedWhole(index) {
                writer.path.append(UInt8(ascii: "."))
                writer.walkMembers(
                    of: index, in: record, nodes: nodes, bytes: bytes, discovering: discovering, guess: &guess)
            }
            writer.path.count = memberStart
        } else {
            leaf(index)
        }
    }

    mutating func emptied(_ container: Int, isObject: Bool) {
        if depth > 0 { leaf(container) }
    }

    mutating func embedded(_ string: Int, nodes parsed: NodeTape, text: UnsafePointer<UInt8>) {
        guard parsed[0].kind == .object && parsed[0].size > 0 else { return leaf(string) }
        if !placedWhole(string) {
            writer.path.append(UInt8(ascii: "."))
            writer.walkMembers(
                of: 0, in: record, nodes: parsed, bytes: text, ofCell: string, discovering: discovering, guess: &guess)
        }
        writer.path.count = memberStart
    }

    /// Whether the value at `index` is placed whole in a chosen column its path names.
    private mutating func placedWhole(_ index: Int) -> Bool {
        writer.columnsChosen && !discovering && writer.place(index, guess: &guess)
    }

    /// Visits the value at `index` as a leaf under the current member's name, which it ends.
    private mutating func leaf(_ index: Int) {
        writer.visitLeaf(index, key: key, of: record, discovering: discovering, guess: &guess)
        writer.path.count = memberStart
    }
}
