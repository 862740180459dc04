/// Visits a record with its `RecordEdit` applied, as events for a `RecordEventSink`: the one
/// place an edit is applied as a record is written, for every output format. Nothing is copied,
/// so a huge record is not held twice.
///
/// Only containers holding a picked, dropped or renamed node are walked a member at a time;
/// every other value goes to the sink whole (`RecordEventSink.value`), which writes it its
/// fastest way. A record with no edit but replacements is one such value. Iterative: any depth
/// the scanner accepted is walked without recursion. Generic over the sink, so that it
/// specialises for each format.
public struct EditedRecordWalk {
    /// Open containers, kept between records so walking allocates nothing.
    private var frames: [EditedMembers] = []
    /// Joined names while flattening.
    private var path: [UInt8] = []
    /// A string value's JSON text scanned, when nesting keys back parses it (made then: a walk
    /// is made for each record of a writer that is not one).
    private var embedded: EmbeddedJSON?

    /// A walk that has visited nothing yet.
    public init() {}

    /// Visits the value at `root` of `nodes` over `bytes` with `edit` applied: its keys nested
    /// back (`RecordEdit.unflattening`) or its nested objects flattened (`flattening`) when it is
    /// an object, else its picked, dropped and renamed members. `sortingKeys`: the members of
    /// each object walked are in code-point order of their (new) names.
    @inline(__always)
    public mutating func walk<Sink: RecordEventSink>(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit, sortingKeys: Bool,
        into sink: inout Sink
    ) {
        if edit.keepsShape { return sink.value(root) }
        let node = nodes[root]
        if let order = edit.unflattening, node.kind == .object, node.size > 0 {
            return walkUnflattened(root, nodes: nodes, bytes: bytes, order: order, into: &sink)
        }
        if let separator = edit.flattening {
            guard FlattenedMembers.change(root, in: nodes) else { return sink.value(root) }
            return walkFlattened(
                root, nodes: nodes, bytes: bytes, separator: separator, sortingKeys: sortingKeys, into: &sink)
        }
        walkEdited(root, nodes: nodes, bytes: bytes, edit: edit, sortingKeys: sortingKeys, into: &sink)
    }

    /// Visits the value at `root` with `edit`'s picks, drops, renames and replacements applied
    /// (flattening and nesting back aside): a container in a cell, for one.
    public mutating func walkEdited<Sink: RecordEventSink>(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit, sortingKeys: Bool,
        into sink: inout Sink
    ) {
        let edited = EditedNodes(edit)
        var stack = frames
        frames = []
        stack.removeAll(keepingCapacity: true)
        defer { frames = stack }
        var index = root
        while true {
            let node = nodes[index]
            if (node.kind == .object || node.kind == .array) && edited.any(in: index..<(index + node.span)) {
                let isObject = node.kind == .object
                var members = EditedMembers(of: index, in: nodes, bytes: bytes, edit: edit, sortingKeys: sortingKeys)
                if let first = members.next(in: nodes, dropped: edit.dropped) {
                    if sink.begin(index, isObject: isObject) {
                        stack.append(members)
                        index = start(first, isObject: isObject, nodes: nodes, bytes: bytes, edit: edit, into: &sink)
                        continue
                    }
                } else {
                    sink.emptied(index, isObject: isObject)
                }
            } else {
                sink.value(index)
            }
            // The value is visited: go on in its container, closing finished ones.
            while !stack.isEmpty {
                let top = stack.count - 1
                if let member = stack[top].next(in: nodes, dropped: edit.dropped) {
                    index = start(
                        member, isObject: stack[top].isObject, nodes: nodes, bytes: bytes, edit: edit, into: &sink)
                    break
                }
                sink.end(isObject: stack.removeLast().isObject)
            }
            if stack.isEmpty { return }
        }
    }

    /// Starts a member (its key, under its new name when renamed) or an element; returns its
    /// value's node.
    @inline(__always)
    private func start<Sink: RecordEventSink>(
        _ member: Int, isObject: Bool, nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit,
        into sink: inout Sink
    ) -> Int {
        guard isObject else {
            sink.element()
            return member
        }
        if let name = edit.newName(ofKey: member, readAs: { nodes[member].stringBytes(in: bytes) }) {
            name.withUnsafeBufferPointer { sink.key(named: $0, of: member) }
        } else {
            sink.key(member)
        }
        return member + 1
    }

    /// Visits the object at `root`, which flattening changes, as the object of its leaves
    /// (`FlattenedMembers`), each under its joined name.
    private mutating func walkFlattened<Sink: RecordEventSink>(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, separator: [UInt8], sortingKeys: Bool,
        into sink: inout Sink
    ) {
        guard sink.begin(root, isObject: true) else { return }
        FlattenedMembers.forEach(
            of: root, in: nodes, bytes: bytes, separator: separator, sortedByName: sortingKeys, path: &path
        ) { key, value, joinedName in
            if let joinedName {
                joinedName.withUnsafeBufferPointer { sink.key(named: $0, of: key) }
            } else {
                sink.key(key)
            }
            sink.value(value)
        }
        sink.end(isObject: true)
    }

    /// Visits the object at `root`, which has members, with its keys nested back as `order`
    /// says (`UnflattenedMembers`), string values holding JSON text as that value when it says so.
    private mutating func walkUnflattened<Sink: RecordEventSink>(
        _ root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, order: UnflattenedOrder, into sink: inout Sink
    ) {
        guard sink.begin(root, isObject: true) else { return }
        var embedded = self.embedded ?? EmbeddedJSON()
        self.embedded = nil
        defer { self.embedded = embedded }
        UnflattenedMembers.forEach(of: root, in: nodes, bytes: bytes, order: order) { step in
            switch step {
            case .open(let name):
                sink.key(named: name, of: nil)
                _ = sink.begin(nil, isObject: true)
            case .close:
                sink.end(isObject: true)
            case .member(let key, let name):
                if let name { sink.key(named: name, of: key) } else { sink.key(key) }
                let parsed =
                    order.parsesJSONText
                    && embedded.withParsed(nodes[key + 1], in: bytes) { parsedNodes, text in
                        sink.embedded(key + 1, nodes: parsedNodes, text: text)
                    }
                if !parsed { sink.value(key + 1) }
            }
        }
        sink.end(isObject: true)
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
