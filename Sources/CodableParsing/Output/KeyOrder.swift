/// Names sorted into code-point order, equal names in the order they came: the order
/// sorted keys write an object's members in (as `JSONEncoder`'s `.sortedKeys` and jq do).
///
/// A key of the record (`append(key:)`) is named where it stands in the record's text, unless it
/// has escapes: its name is not copied, so an object's keys take six bytes apiece while they are
/// sorted (an entry and the sort's scratch) and four once sorted (`KeyList`). Other names
/// (escaped keys, new and joined names) are copied into one buffer, eight bytes more apiece. An
/// array and a tuple for each key, or a copy of every name, would hold a record of many short
/// keys written sorted several times over.
public struct KeyOrder {
    /// Each name, in the order added: its id less `base`, when it is the key node of that number
    /// named in place; `copiedTag` and its index in the copied names, else. Made only once a name
    /// is named in place: while every name is copied, they are in order already, and the entries
    /// are made when sorting, at their size (a growing array's spare room would add much of the
    /// size of a huge object's flattened names).
    private var entries: [UInt32] = []
    private var listsEntries = false
    private var copiedBytes: [UInt8] = []
    /// Where each copied name ends in `copiedBytes`.
    private var copiedEnds: [UInt32] = []
    /// What each copied name stands for, less `base`.
    private var copiedIDs: [UInt32] = []
    private let base: Int
    /// The record whose key nodes are named in place.
    private let nodes: NodeTape?
    private let bytes: UnsafePointer<UInt8>?

    private static let copiedTag: UInt32 = 1 << 31

    /// An empty order of copied names, standing for ids from `base` up (the nodes of one record:
    /// the node of the object whose keys they are; or positions, from 0).
    public init(base: Int) {
        self.base = base
        nodes = nil
        bytes = nil
    }

    /// An empty order of the keys of the object at `object`, in `nodes` over `bytes`: those added
    /// by `append(key:)` are named where they stand in `bytes`, which must outlive the order.
    public init(keysOf object: Int, in nodes: NodeTape, bytes: UnsafePointer<UInt8>) {
        base = object
        self.nodes = nodes
        self.bytes = bytes
    }

    /// The key nodes of the object at `object` in `nodes` over `bytes`, in code-point order of
    /// their names (equal ones in source order); `lastFirst`, the other way round.
    public static func sortedKeys(
        of object: Int, in nodes: NodeTape, bytes: UnsafePointer<UInt8>, lastFirst: Bool = false
    ) -> KeyList {
        var order = KeyOrder(keysOf: object, in: nodes, bytes: bytes)
        for key in JSONNode.children(of: object, in: nodes) { order.append(key: key) }
        return order.sorted(lastFirst: lastFirst)
    }

    /// Makes room for `count` names named in place, so that the order holds no spare room.
    public mutating func reserveCapacity(_ count: Int) {
        if !listsEntries { listEntries() }
        entries.reserveCapacity(count)
    }

    /// Adds the key node at `key`, standing for itself, under its name (escapes resolved). Only for
    /// an order made by `init(keysOf:in:bytes:)`.
    public mutating func append(key: Int) {
        let node = nodes![key]
        if node.hasEscapes {
            node.withStringBytes(in: bytes!) { append($0, id: key) }
        } else {
            if !listsEntries { listEntries() }
            entries.append(UInt32(truncatingIfNeeded: key - base))
        }
    }

    /// Adds the name `name` (UTF-8, unescaped), copied, standing for `id`.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, id: Int) {
        if listsEntries { entries.append(Self.copiedTag | UInt32(truncatingIfNeeded: copiedIDs.count)) }
        copiedBytes.append(contentsOf: name)
        copiedEnds.append(UInt32(truncatingIfNeeded: copiedBytes.count))
        copiedIDs.append(UInt32(truncatingIfNeeded: id - base))
    }

    /// Adds the name `name` (UTF-8, unescaped), copied, standing for `id`.
    public mutating func append(_ name: [UInt8], id: Int) {
        name.withUnsafeBufferPointer { append($0, id: id) }
    }

    /// The ids, in code-point order of their names; equal names in the order they were added.
    /// `lastFirst`: in the reverse order, for handing out with `popLast()`. The copied names
    /// are let go before the ids are listed, which take the entries' place.
    public consuming func sorted(lastFirst: Bool = false) -> KeyList {
        sortEntries()
        copiedBytes = []
        copiedEnds = []
        var ids = entries
        entries = []
        if !copiedIDs.isEmpty {
            for position in ids.indices where ids[position] & Self.copiedTag != 0 {
                ids[position] = copiedIDs[Int(ids[position] & ~Self.copiedTag)]
            }
        }
        if lastFirst { ids.reverse() }
        return KeyList(ids, base: base)
    }

    /// Calls `body` with each id and its name, in code-point order of the names; equal names in
    /// the order they were added.
    public consuming func forEachInOrder<Failure: Error>(
        _ body: (_ id: Int, _ name: UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        sortEntries()
        try withNames { (names) throws(Failure) in
            for entry in entries {
                let id = entry & Self.copiedTag != 0 ? copiedIDs[Int(entry & ~Self.copiedTag)] : entry
                try body(base + Int(id), names.name(of: entry))
            }
        }
    }

    /// Makes `entries` list the copied names so far.
    private mutating func listEntries() {
        entries = (0..<UInt32(truncatingIfNeeded: copiedIDs.count)).map { Self.copiedTag | $0 }
        listsEntries = true
    }

    /// Sorts `entries` by their names. Swift's sort is stable: equal names keep their order.
    private mutating func sortEntries() {
        if !listsEntries { listEntries() }
        var entries = self.entries
        self.entries = []  // not two copies while sorting
        withNames { names in
            entries.withUnsafeMutableBufferPointer { entries in
                entries.sort { lhs, rhs in
                    let left = names.name(of: lhs)
                    let right = names.name(of: rhs)
                    let common = min(left.count, right.count)
                    var offset = 0
                    while offset < common {
                        let leftByte = left[offset]
                        let rightByte = right[offset]
                        if leftByte != rightByte { return leftByte < rightByte }
                        offset += 1
                    }
                    return left.count < right.count
                }
            }
        }
        self.entries = entries
    }

    /// Calls `body` with the entries' names.
    private func withNames<Result, Failure: Error>(_ body: (Names) throws(Failure) -> Result) throws(Failure) -> Result
    {
        try copiedBytes.withUnsafeBufferPointer { (copied) throws(Failure) in
            try copiedEnds.withUnsafeBufferPointer { (ends) throws(Failure) in
                try body(
                    Names(
                        copied: copied.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                        copiedEnds: ends.baseAddress ?? UnsafePointer(bitPattern: 4)!,
                        nodes: nodes ?? .empty, bytes: bytes ?? UnsafePointer(bitPattern: 1)!, base: base))
            }
        }
    }

    /// Where entries' names are: copied names, and the record whose keys are named in place.
    private struct Names {
        let copied: UnsafePointer<UInt8>
        let copiedEnds: UnsafePointer<UInt32>
        let nodes: NodeTape
        let bytes: UnsafePointer<UInt8>
        let base: Int

        /// The name of `entry` (unescaped).
        @inline(__always)
        func name(of entry: UInt32) -> UnsafeBufferPointer<UInt8> {
            if entry & KeyOrder.copiedTag != 0 {
                let position = Int(entry & ~KeyOrder.copiedTag)
                let start = position == 0 ? 0 : Int(copiedEnds[position - 1])
                return UnsafeBufferPointer(start: copied + start, count: Int(copiedEnds[position]) - start)
            }
            let node = nodes.inlinedNode(at: base &+ Int(entry))
            return UnsafeBufferPointer(start: bytes + (Int(node.start) &+ 1), count: node.tokenLength(in: bytes) &- 2)
        }
    }
}
