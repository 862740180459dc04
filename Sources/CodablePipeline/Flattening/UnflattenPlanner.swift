import CodableParsing

/// Works out how one record's keys nest back into objects (`--unflatten`) for a writer that
/// nests them as it writes (`UnflattenedOrder`): whether the record changes at all, the order
/// to write its keys in, whether a cell may hold JSON text to parse, and that it can be nested
/// (no key is both a value and an object, no two keys are equal). When it cannot, the record
/// is rebuilt (`KeyTree`), which says why.
///
/// Lean, because a record may hold a million keys, and the point is not to hold a nested copy
/// of it: the objects the keys name (their paths) are three 32-bit numbers each (the key that
/// named the path first, the path it is in, and where its name ends in that key's name), and
/// one hash table (4 bytes a slot, at most 3/4 full) holds the paths and the keys, found by
/// the path they are in and their last part's name. Keys already in nesting order (every key
/// of an object together, as `--flatten` and CSV headers made from nested records give them)
/// need no more; others are sorted, 8 bytes a key. A `KeyTree`, which also builds the new
/// tape, would take several times the size of a record of many keys.
struct UnflattenPlanner {
    /// What to do with a record.
    enum Plan {
        /// Unflattening gives it back as it is.
        case unchanged
        /// Its keys nest, written in this order.
        case nested(UnflattenedOrder)
        /// It must be rebuilt: it cannot be nested (`KeyTree` says why), or nested it would hold
        /// more values than a record can (not counting those of JSON text parsed).
        case rebuilt
    }

    private let nodes: NodeTape
    private let base: UnsafePointer<UInt8>
    private let separator: [UInt8]
    /// The paths: the key node that named each first, the path it is in (-1: the record's
    /// root), and where its name ends in that key's (unescaped) name. Numbered in the order they
    /// first come, which is their keys' order.
    private var pathKeys: [Int32] = []
    private var pathParents: [Int32] = []
    private var pathEnds: [Int32] = []
    /// Hash table: -1 for an empty slot, a path's number, or `-2 - key` for a key node (its last
    /// part, a value).
    private var table: [Int32]
    /// The path each key's value is in, by the key's place (-1: the root).
    private var keyParents: [Int32] = []
    /// Unescaped names of the keys that have escapes, by key node: their range in `escapedNames`.
    private var escapedKeys: [Int32: Range<Int>] = [:]
    private var escapedNames: [UInt8] = []

    /// What to do with the object at `root` of `nodes` (the record), to unflatten it at
    /// `separator`; `parsingJSONText`: string values holding a JSON array or object are to be
    /// parsed; `sortingKeys`: the writer sorts every object's keys;
    /// `maxValues`: the most values a rebuilt record may hold.
    static func plan(
        record root: Int, in nodes: NodeTape, base: UnsafePointer<UInt8>, separator: [UInt8],
        parsingJSONText: Bool, sortingKeys: Bool, maxValues: Int
    ) -> Plan {
        let node = nodes[root]
        guard node.kind == .object, node.size > 0, !separator.isEmpty else { return .unchanged }
        let parsesJSONText = parsingJSONText && holdsJSONText(root, in: nodes, base: base)
        var planner = UnflattenPlanner(root: root, nodes: nodes, base: base, separator: separator)
        guard let inOrder = planner.addKeys(of: root) else { return .rebuilt }
        if planner.pathKeys.isEmpty && !parsesJSONText { return .unchanged }  // no key split, none twice
        guard node.span - 1 + 2 * planner.pathKeys.count <= maxValues else { return .rebuilt }
        let keys = inOrder && !sortingKeys ? nil : planner.sortedKeys(of: root, byName: sortingKeys)
        return .nested(UnflattenedOrder(separator: separator, keys: keys, parsesJSONText: parsesJSONText))
    }

    /// Whether a string value of the object at `root` may hold a JSON array or object (as a
    /// CSV cell may), which is then parsed.
    private static func holdsJSONText(_ root: Int, in nodes: NodeTape, base: UnsafePointer<UInt8>) -> Bool {
        JSONNode.children(of: root, in: nodes).contains { EmbeddedJSON.mayHold(nodes[$0 + 1], in: base) }
    }

    private init(root: Int, nodes: NodeTape, base: UnsafePointer<UInt8>, separator: [UInt8]) {
        self.nodes = nodes
        self.base = base
        self.separator = separator
        // Room for every part of every key (each is a path or a key at most), at most 3/4 full.
        var parts = 0
        var keys = 0
        for key in JSONNode.children(of: root, in: nodes) {
            keys += 1
            parts += nodes[key].withStringBytes(in: base) { KeyTree.partCount(of: $0, separator: separator) }
        }
        // Of any size, not a power of two: rounded up to one, it could take almost twice the room.
        table = [Int32](repeating: -1, count: max(16, parts + parts / 3 + 1))
        keyParents.reserveCapacity(keys)
        // Reserved, not touched: a record whose keys share their objects uses little of it.
        pathKeys.reserveCapacity(parts - keys)
        pathParents.reserveCapacity(parts - keys)
        pathEnds.reserveCapacity(parts - keys)
    }

    /// Adds every key of the object at `root` and the paths its name makes; nil when a key is
    /// both a value and an object, or two keys are equal; else whether the keys are in nesting
    /// order already.
    private mutating func addKeys(of root: Int) -> Bool? {
        var inOrder = true
        var previous: (key: Int32, chain: [Int32]) = (-1, [])
        var chain: [Int32] = []
        for key in JSONNode.children(of: root, in: nodes) {
            let keyNode = Int32(truncatingIfNeeded: key)
            let node = nodes[key]
            let added: Bool = node.withStringBytes(in: base) { name in
                if node.hasEscapes {
                    // Kept: names are compared again.
                    escapedKeys[keyNode] = escapedNames.count..<(escapedNames.count + name.count)
                    escapedNames.append(contentsOf: name)
                }
                return add(keyNode, named: name, chain: &chain)
            }
            guard added else { return nil }
            keyParents.append(chain.last ?? -1)
            if inOrder && previous.key >= 0 {
                inOrder = precedes(previous.key, in: previous.chain, key: keyNode, in: chain)
            }
            if inOrder { swap(&previous.chain, &chain) }
            previous.key = keyNode
        }
        return inOrder
    }

    /// Adds the key `key` named `name`, and the paths of its first parts that are new; `chain`
    /// gets the paths it is in, outermost first. False when it conflicts with an earlier key.
    private mutating func add(_ key: Int32, named name: UnsafeBufferPointer<UInt8>, chain: inout [Int32]) -> Bool {
        chain.removeAll(keepingCapacity: true)
        var parent: Int32 = -1
        var start = 0
        while let found = UnflattenedMembers.separator(separator, in: name, from: start) {
            let part = UnsafeBufferPointer(rebasing: name[start..<found])
            var slot = slot(of: part, in: parent)
            var path: Int32?
            while table[slot] != -1 {
                let entry = table[slot]
                if entry >= 0 {
                    if pathParents[Int(entry)] == parent && matches(path: entry, part) {
                        path = entry
                        break
                    }
                } else if matches(key: -2 - entry, UnsafeBufferPointer(rebasing: name[..<found])) {
                    return false  // the prefix is a value too
                }
                slot = slot + 1 == table.count ? 0 : slot + 1
            }
            if path == nil {
                path = Int32(pathKeys.count)
                pathKeys.append(key)
                pathParents.append(parent)
                pathEnds.append(Int32(found))
                table[slot] = path!
            }
            parent = path!
            chain.append(parent)
            start = found + separator.count
        }
        let part = UnsafeBufferPointer(rebasing: name[start...])
        var slot = slot(of: part, in: parent)
        while table[slot] != -1 {
            let entry = table[slot]
            if entry >= 0 {
                if pathParents[Int(entry)] == parent && matches(path: entry, part) { return false }  // an object too
            } else if matches(key: -2 - entry, name) {
                return false  // the same name twice
            }
            slot = slot + 1 == table.count ? 0 : slot + 1
        }
        table[slot] = -2 - key
        return true
    }

    /// Where the search for the member named `part` of `parent` starts in the table.
    private func slot(of part: UnsafeBufferPointer<UInt8>, in parent: Int32) -> Int {
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(bytes: UnsafeRawBufferPointer(part))
        // in 0..<count
        return Int(UInt64(UInt(bitPattern: hasher.finalize())).multipliedFullWidth(by: UInt64(table.count)).high)
    }

    /// Whether the name (its last part) of the path `path` is `part`.
    private func matches(path: Int32, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        let parent = pathParents[Int(path)]
        let start = parent < 0 ? 0 : Int(pathEnds[Int(parent)]) + separator.count
        let end = Int(pathEnds[Int(path)])
        guard end - start == part.count else { return false }
        return withName(of: pathKeys[Int(path)]) { name in
            part.isEmpty || memoryEqual(name.baseAddress! + start, part.baseAddress!, part.count)
        }
    }

    /// Whether the whole (unescaped) name of the key node `key` is `name`.
    private func matches(key: Int32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        withName(of: key) { keyName in
            keyName.count == name.count
                && (name.isEmpty || memoryEqual(keyName.baseAddress!, name.baseAddress!, name.count))
        }
    }

    /// Calls `body` with the unescaped name of the key node `key`.
    private func withName<Result>(of key: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let node = nodes[Int(key)]
        if node.hasEscapes, let range = escapedKeys[key] {
            return escapedNames.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return node.withStringBytes(in: base, body)
    }

    /// Whether the key `first`, in the paths `firstChain`, is written before the key `second`,
    /// in `secondChain`: each key is the list of when the objects on its way came first (a
    /// path's number), and last itself; the lists compare item by item, and a path and a key at
    /// the same place by their key nodes.
    private func precedes(_ first: Int32, in firstChain: [Int32], key second: Int32, in secondChain: [Int32]) -> Bool {
        let common = min(firstChain.count, secondChain.count)
        for depth in 0..<common where firstChain[depth] != secondChain[depth] {
            return firstChain[depth] < secondChain[depth]
        }
        if firstChain.count == secondChain.count { return first < second }
        if firstChain.count < secondChain.count { return first < pathKeys[Int(secondChain[common])] }
        return pathKeys[Int(firstChain[common])] < second
    }

    /// The keys of the object at `root`, in nesting order (or, `byName`, sorted by their parts'
    /// names, part by part, as a writer that sorts keys writes the nested objects). What only
    /// finding keys needed is let go first: the table (and, by name, the paths).
    private mutating func sortedKeys(of root: Int, byName: Bool) -> KeyList {
        table = []
        if byName {
            (pathKeys, pathParents, pathEnds, keyParents) = ([], [], [], [])
            var keys = JSONNode.children(of: root, in: nodes).map { UInt32(truncatingIfNeeded: $0 - root) }
            keys.sort { first, second in
                withName(of: Int32(truncatingIfNeeded: root + Int(first))) { firstName in
                    withName(of: Int32(truncatingIfNeeded: root + Int(second))) { partsPrecede(firstName, $0) }
                }
            }
            return KeyList(keys, base: root)
        }
        pathEnds = []
        var keys: [UInt64] = []  // the key node less the root, and the path its value is in
        keys.reserveCapacity(keyParents.count)
        for (place, key) in JSONNode.children(of: root, in: nodes).enumerated() {
            keys.append(UInt64(key - root) << 32 | UInt64(UInt32(bitPattern: keyParents[place])))
        }
        keyParents = []
        var firstChain: [Int32] = []
        var secondChain: [Int32] = []
        keys.sort { first, second in
            chain(from: Int32(truncatingIfNeeded: first), into: &firstChain)
            chain(from: Int32(truncatingIfNeeded: second), into: &secondChain)
            return precedes(
                Int32(truncatingIfNeeded: root + Int(first >> 32)), in: firstChain,
                key: Int32(truncatingIfNeeded: root + Int(second >> 32)), in: secondChain)
        }
        return KeyList(keys.map { UInt32(truncatingIfNeeded: $0 >> 32) }, base: root)
    }

    /// The paths on the way to `path` (itself last), outermost first, into `chain`.
    private func chain(from path: Int32, into chain: inout [Int32]) {
        chain.removeAll(keepingCapacity: true)
        var path = path
        while path >= 0 {
            chain.append(path)
            path = pathParents[Int(path)]
        }
        chain.reverse()
    }

    /// Whether the name `first`, split at the separator, comes before `second`: part by part,
    /// each in code-point (UTF-8 byte) order.
    private func partsPrecede(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        var firstStart = 0
        var secondStart = 0
        while true {
            let firstEnd = UnflattenedMembers.separator(separator, in: first, from: firstStart)
            let secondEnd = UnflattenedMembers.separator(separator, in: second, from: secondStart)
            let firstPart = first[firstStart..<(firstEnd ?? first.count)]
            let secondPart = second[secondStart..<(secondEnd ?? second.count)]
            if !firstPart.elementsEqual(secondPart) { return firstPart.lexicographicallyPrecedes(secondPart) }
            guard let firstEnd, let secondEnd else { return firstEnd == nil && secondEnd != nil }
            firstStart = firstEnd + separator.count
            secondStart = secondEnd + separator.count
        }
    }
}
