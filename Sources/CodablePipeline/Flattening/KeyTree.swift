import CodableParsing

/// The keys of one flat record split at a separator, as a tree in first-appearance order:
/// what `RecordFlattener.unflatten` writes out.
///
/// Worked out once, a tree is written again for each following record of the batch with the
/// same keys (every row of a CSV file): its members name the record's keys by their place, and
/// the new keys' text is added to the batch once. Rebuilt for each row, it would make
/// `--unflatten` of a CSV file many times slower than converting it.
///
/// Lean, because a record may hold a million keys: an entry is seven 32-bit numbers, its name a
/// range of its key's bytes (an escaped key's unescaped name is kept once, for all its parts),
/// each object's members a list linked through the entries, and one hash table (4 bytes a slot,
/// at most 3/4 full) finds a member by its object and name. An array of entries and a
/// dictionary per object would take many times the size of a record of many keys.
///
/// The tree reads its record's bytes: it lives inside the caller's access to them.
struct KeyTree {
    /// One member of an object of the tree.
    private struct Entry {
        /// The place among the record's keys of the key it came from (the first, for an object).
        var member: Int32
        /// Where its name starts in its key's name (unescaped), or -1 when the key was not split
        /// (its name is the whole key's, and the key node is copied as it is).
        var nameStart: Int32
        var nameLength: Int32
        /// For an object of the tree, its first and last members, or -1; -2 for a value (the
        /// value of key `member`).
        var firstMember: Int32
        var lastMember: Int32 = -1
        /// The next member of the same object, or -1.
        var next: Int32 = -1
        /// The object it is a member of: an entry, or -1 for the record's root.
        var parent: Int32

        var isValue: Bool { firstMember == -2 }
    }

    private var entries: [Entry] = []
    /// Hash table of entry numbers (-1 for an empty slot), by object and name.
    private var table = [Int32](repeating: -1, count: 16)
    /// The root object's first and last members.
    private var rootMembers: (first: Int32, last: Int32) = (-1, -1)
    /// Unescaped names of the keys that have escapes, by place: their range in `escapedNames`.
    private var escapedKeys: [Int32: Range<Int>] = [:]
    private var escapedNames: [UInt8] = []
    /// Key nodes of the record the tree was worked out from, in order.
    private let treeKeys: [Int32]
    /// The record being written: its root, and its key nodes (with the tree's keys' names).
    private var root: Int
    private var keys: [Int32]
    /// The new keys' nodes (their text added to the batch), by entry, once written: at most
    /// `cachedNameLimit` of them, so that a tree written once (a huge record) keeps none.
    private var nameNodes: [JSONNode?] = []
    private static let cachedNameLimit = 1 << 16
    private let batch: RecordBatch
    /// The batch's nodes, held here (reading them through the batch retains and releases), and
    /// read through their tape (the batch is done growing), whose reads are inlined.
    private let nodes: NodeBuffer
    private let nodeTape: NodeTape
    private let base: UnsafePointer<UInt8>
    /// The members still to write of each object open while writing (kept from record to record).
    private var stack: [Int32] = []

    init(record root: Int, in batch: RecordBatch, base: UnsafePointer<UInt8>, separator: [UInt8], recordIndex: Int)
        throws(RecordFlattener.Conflict)
    {
        self.root = root
        self.batch = batch
        self.nodes = batch.nodes
        self.nodeTape = nodes.unsafeTape
        self.base = base
        treeKeys = batch.nodes.children(of: root).map { Int32(truncatingIfNeeded: $0) }
        keys = treeKeys
        // Room for every part of every key, reserved, not touched: growing the array would hold
        // it twice while it is copied.
        entries.reserveCapacity(Self.partCount(of: treeKeys, in: batch, base: base, separator: separator))
        for (member, key) in treeKeys.enumerated() {
            let keyNode = batch.nodes[Int(key)]
            try keyNode.withStringBytes(in: base) { (name) throws(RecordFlattener.Conflict) in
                if keyNode.hasEscapes {
                    // Kept: the parts' names are read from it again.
                    escapedKeys[Int32(member)] = escapedNames.count..<(escapedNames.count + name.count)
                    escapedNames.append(contentsOf: name)
                }
                try add(member: member, named: name, separator: separator, recordIndex: recordIndex)
            }
        }
    }

    /// Makes the record at `root` the one to write, when its keys are the tree's (the same
    /// tokens in the same order), in one pass over them; false when they are not, and then the
    /// tree is not to be written again.
    mutating func take(record root: Int) -> Bool {
        guard nodeTape[root].kind == .object else { return false }
        keys.removeAll(keepingCapacity: true)
        for key in JSONNode.children(of: root, in: nodeTape) {
            guard keys.count < treeKeys.count else { return false }
            let token = nodeTape[key].token(in: base)
            let treeToken = nodeTape[Int(treeKeys[keys.count])].token(in: base)
            guard token.count == treeToken.count, memoryEqual(token.baseAddress!, treeToken.baseAddress!, token.count)
            else { return false }
            keys.append(Int32(truncatingIfNeeded: key))
        }
        self.root = root
        return keys.count == treeKeys.count
    }

    /// Adds the key at `member`, named `name`, as a path of the parts of `name`.
    private mutating func add(member: Int, named name: UnsafeBufferPointer<UInt8>, separator: [UInt8], recordIndex: Int)
        throws(RecordFlattener.Conflict)
    {
        let parts = Self.parts(of: name, at: separator)
        var parent: Int32 = -1
        for (depth, part) in parts.enumerated() {
            let isLast = depth == parts.count - 1
            let (slot, found) = find(UnsafeBufferPointer(rebasing: name[part]), in: parent)
            if let found {
                guard !entries[Int(found)].isValue && !isLast else {
                    let whole = String(decoding: name, as: UTF8.self)
                    let prefix = String(decoding: name[..<part.upperBound], as: UTF8.self)
                    throw RecordFlattener.Conflict(
                        record: recordIndex, node: Int(treeKeys[member]),
                        message: "cannot unflatten '\(whole)': '\(prefix)' is both a value and an object")
                }
                parent = found
                continue
            }
            let number = Int32(entries.count)
            entries.append(
                Entry(
                    member: Int32(member), nameStart: parts.count == 1 ? -1 : Int32(part.lowerBound),
                    nameLength: Int32(part.count),
                    firstMember: isLast ? -2 : -1, parent: parent))
            table[slot] = number
            link(number, to: parent)
            if entries.count * 4 > table.count * 3 { growTable() }
            parent = number
        }
    }

    /// Appends the entry `number` to the members of `parent` (an entry, or -1 for the root).
    private mutating func link(_ number: Int32, to parent: Int32) {
        let last = parent < 0 ? rootMembers.last : entries[Int(parent)].lastMember
        if last >= 0 {
            entries[Int(last)].next = number
        } else if parent < 0 {
            rootMembers.first = number
        } else {
            entries[Int(parent)].firstMember = number
        }
        if parent < 0 { rootMembers.last = number } else { entries[Int(parent)].lastMember = number }
    }

    /// The table slot of the member of `parent` named `name`: the entry there, or an empty slot
    /// for it.
    private func find(_ name: UnsafeBufferPointer<UInt8>, in parent: Int32) -> (slot: Int, entry: Int32?) {
        let mask = table.count - 1
        var slot = Self.hash(name, parent) & mask
        while table[slot] >= 0 {
            let number = table[slot]
            let entry = entries[Int(number)]
            if entry.parent == parent && entry.nameLength == name.count
                && withName(ofEntry: number, { $0.elementsEqual(name) })
            {
                return (slot, number)
            }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    private mutating func growTable() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for number in entries.indices {
            var slot = withName(ofEntry: Int32(number)) { Self.hash($0, entries[number].parent) } & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(number)
        }
    }

    private static func hash(_ name: UnsafeBufferPointer<UInt8>, _ parent: Int32) -> Int {
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        return hasher.finalize()
    }

    /// Calls `body` with the name of entry `number`: part of its key's name, unescaped.
    private func withName<Result>(ofEntry number: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = entries[Int(number)]
        let start = max(0, Int(entry.nameStart))
        let part = start..<(start + Int(entry.nameLength))
        if !escapedKeys.isEmpty, let name = escapedKeys[entry.member] {
            return escapedNames.withUnsafeBufferPointer { names in
                body(
                    UnsafeBufferPointer(
                        rebasing: names[(name.lowerBound + part.lowerBound)..<(name.lowerBound + part.upperBound)]))
            }
        }
        return nodeTape[Int(keys[Int(entry.member)])].withStringBytes(in: base) {
            body(UnsafeBufferPointer(rebasing: $0[part]))
        }
    }

    /// Writes the tree as the record's object (of the record the tree was made from, or the one
    /// taken last).
    mutating func write(to tape: inout TapeBuilder, parsingJSONText: Bool) {
        if nameNodes.isEmpty && entries.count <= Self.cachedNameLimit {
            nameNodes = Array(repeating: nil, count: entries.count)
        }
        stack.removeAll(keepingCapacity: true)
        stack.append(rootMembers.first)
        tape.openContainer(.object, like: root)
        while let number = stack.last {
            guard number >= 0 else {
                tape.close()
                stack.removeLast()
                continue
            }
            let entry = entries[Int(number)]
            stack[stack.count - 1] = entry.next
            let key = Int(keys[Int(entry.member)])
            if entry.nameStart < 0 {
                tape.key(key)
            } else if nameNodes.isEmpty {
                withName(ofEntry: number) { tape.key(named: $0, origin: key) }
            } else {
                let node = nameNodes[Int(number)] ?? withName(ofEntry: number) { tape.newKeyNode(named: $0) }
                nameNodes[Int(number)] = node
                tape.key(node, origin: key)
            }
            if !entry.isValue {
                tape.openContainer(.object, like: key)
                stack.append(entry.firstMember)
            } else if !(parsingJSONText && writeParsed(key + 1, to: &tape)) {
                tape.copy(key + 1)
            }
        }
    }

    /// A string value that holds a JSON array or object, written as that value.
    private func writeParsed(_ value: Int, to tape: inout TapeBuilder) -> Bool {
        let node = nodeTape[value]
        guard EmbeddedJSON.mayHold(node, in: base) else { return false }
        return tape.parsedValue(node.stringBytes(in: base), origin: value)
    }

    /// The number of parts the keys split into: one more than the separators in each key's name.
    private static func partCount(
        of keys: [Int32], in batch: RecordBatch, base: UnsafePointer<UInt8>, separator: [UInt8]
    ) -> Int {
        var count = 0
        for key in keys {
            count += batch.nodes[Int(key)].withStringBytes(in: base) { partCount(of: $0, separator: separator) }
        }
        return count
    }

    /// The number of parts `name` splits into: one more than the separators in it.
    static func partCount(of name: UnsafeBufferPointer<UInt8>, separator: [UInt8]) -> Int {
        var parts = 1
        var from = 0
        while let found = UnflattenedMembers.separator(separator, in: name, from: from) {
            parts += 1
            from = found + separator.count
        }
        return parts
    }

    /// The ranges of `name`'s parts, split at every occurrence of `separator`.
    private static func parts(of name: UnsafeBufferPointer<UInt8>, at separator: [UInt8]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        while let found = UnflattenedMembers.separator(separator, in: name, from: start) {
            parts.append(start..<found)
            start = found + separator.count
        }
        parts.append(start..<name.count)
        return parts
    }
}
