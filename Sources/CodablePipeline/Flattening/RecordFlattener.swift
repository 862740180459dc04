import CodableParsing

/// Nested objects to dotted keys and back, on the record tape (`--flatten`, `--unflatten`, and
/// CSV's columns).
///
/// - `flatten`: `{"owner":{"name":"Ada"}}` becomes `{"owner.name":"Ada"}`. Arrays and empty
///   objects are values, kept as they are; key order is the depth-first order of the leaves.
/// - `unflatten`: the reverse: each key is split at the separator and the parts nest, in the
///   order they first appear (`a.x`, `b`, `a.y` give `{"a":{"x":…,"y":…},"b":…}`). A key that
///   is both a value and an object (`a` and `a.b`) is an error. With `parsingJSONText`, string
///   values holding a JSON array or object (as CSV cells hold them) become that value.
///
/// Records that are not objects pass through unchanged. Values are copied, not re-encoded:
/// numbers and strings keep their exact text and their places in the input.
public enum RecordFlattener {
    /// Why a record cannot be unflattened: a key that names a value and, with more parts, an
    /// object inside it; or more values than one record can hold once nested.
    public struct Conflict: Error, Sendable {
        /// Index of the record within the batch.
        public var record: Int
        /// The key node (of the source batch) that conflicts with an earlier one.
        public var node: Int
        /// What conflicts.
        public var message: String
    }

    /// The batch with every record's nested objects flattened to `separator`-joined keys; the
    /// batch itself when no record holds a nested object (not a copy of it: a huge flat record,
    /// or one whose values are arrays, is not held twice).
    public static func flatten(_ batch: RecordBatch, separator: String = ".") -> RecordBatch {
        guard (0..<batch.count).contains(where: { FlattenedMembers.change(Int(batch.roots[$0]), in: batch.nodes) })
        else { return batch }
        var tape = TapeBuilder(source: batch)
        let separator = Array(separator.utf8)
        var path: [UInt8] = []
        // The joined keys made so far, each made once a batch: records alike share their text.
        var joinedKeys: [[UInt8]: JSONNode] = [:]
        batch.bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            for index in 0..<batch.count {
                let root = Int(batch.roots[index])
                tape.beginRecord()
                guard batch.nodes[root].kind == .object else {
                    tape.copy(root)
                    continue
                }
                tape.openContainer(.object, like: root)
                FlattenedMembers.forEach(of: root, in: batch.nodes, bytes: base, separator: separator, path: &path) {
                    key, value, joinedName in
                    if let joinedName {
                        tape.key(joinedKey(joinedName, in: &joinedKeys, tape: &tape), origin: key)
                    } else {
                        tape.key(key)
                    }
                    tape.copy(value)
                }
                tape.close()
            }
        }
        return tape.finish()
    }

    /// The key node of the joined key `path`: made once, and kept in `made` (up to 1 024 of them,
    /// so that a huge record's keys, each met once, are not all kept twice).
    private static func joinedKey(_ path: [UInt8], in made: inout [[UInt8]: JSONNode], tape: inout TapeBuilder)
        -> JSONNode
    {
        if let node = made[path] { return node }
        let node = tape.newKeyNode(named: path)
        if made.count < 1 << 10 { made[path] = node }
        return node
    }

    /// Whether unflattening gives back the record at `root` as it is: it is not an object, or
    /// its keys are distinct and none holds the separator (nor, with `parsingJSONText`, does any
    /// of its strings start like a JSON array or object). Then the batch is passed on as it is,
    /// not copied: rebuilt unchanged, a huge record would take several times its size.
    private static func unflattensToItself(
        _ root: Int, in batch: RecordBatch, base: UnsafePointer<UInt8>, separator: [UInt8], parsingJSONText: Bool
    ) -> Bool {
        let nodes = batch.nodes
        guard nodes[root].kind == .object else { return true }
        // First the separator, which most records to unflatten hold early: nothing allocated.
        var members = 0
        for key in nodes.children(of: root) {
            if nodes[key].withStringBytes(in: base, { UnflattenedMembers.separator(separator, in: $0, from: 0) != nil })
            {
                return false
            }
            members += 1
        }
        var keys = DistinctKeys(count: members)
        for key in nodes.children(of: root) {
            guard nodes[key].withStringBytes(in: base, { keys.insert(key, named: $0, nodes: nodes, base: base) }) else {
                return false
            }
            if parsingJSONText && EmbeddedJSON.mayHold(nodes[key + 1], in: base) { return false }
        }
        return true
    }

    /// Records of this many nodes or more may be nested as they are written
    /// (`unflatteningAsWritten`); smaller ones are quicker rebuilt.
    public static let hugeRecordNodes = 1 << 13

    /// Whether a record of `batch` has `minimumNodes` nodes or more.
    public static func holdsHugeRecord(_ batch: RecordBatch, minimumNodes: Int = hugeRecordNodes) -> Bool {
        (0..<batch.count).contains(where: { batch.nodes[Int(batch.roots[$0])].span >= minimumNodes })
    }

    /// The edits that have a writer nest every record's `separator`-joined keys back into
    /// objects as it writes them (`RecordEdit.unflattening`): what `unflatten` gives, written
    /// plainly, but a huge record is not rebuilt first. Nil when the batch is to be rebuilt
    /// (`unflatten`): no record has `minimumNodes` nodes or more (smaller ones are quicker
    /// rebuilt, keys shared, as CSV rows are), or a record cannot be nested as it is written
    /// (see `UnflattenPlanner.Plan.rebuilt`). `parsingJSONText`: string values holding a JSON
    /// array or object are written as that value; `sortingKeys`: the writer sorts keys;
    /// `chosenColumns`: the columns of the CSV or TSV writer the records go to, when chosen (a
    /// record where a key's first parts make an object one of them names, which that column
    /// would hold whole as JSON text, is rebuilt).
    public static func unflatteningAsWritten(
        _ batch: RecordBatch, separator: String = ".", parsingJSONText: Bool = false, sortingKeys: Bool,
        chosenColumns: [String]? = nil, minimumNodes: Int = hugeRecordNodes, maxValues: Int = JSONNode.maxValues
    ) -> [RecordEdit]? {
        guard holdsHugeRecord(batch, minimumNodes: minimumNodes) else { return nil }
        let separator = Array(separator.utf8)
        return batch.bytes.withUnsafeBufferPointer { bytes in
            batch.nodes.withNodes { nodes in
                var edits: [RecordEdit] = []
                let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                for index in 0..<batch.count {
                    let root = Int(batch.roots[index])
                    var edit = RecordEdit(root: root)
                    // First the cheap check (no key split, none twice), which needs less room.
                    guard
                        !unflattensToItself(
                            root, in: batch, base: base, separator: separator, parsingJSONText: parsingJSONText)
                    else {
                        edits.append(edit)
                        continue
                    }
                    switch UnflattenPlanner.plan(
                        record: root, in: nodes, base: base, separator: separator,
                        parsingJSONText: parsingJSONText, sortingKeys: sortingKeys, maxValues: maxValues)
                    {
                    case .unchanged: break
                    case .nested(let order):
                        if let chosenColumns,
                            makesObject(
                                namedBy: chosenColumns, keysOf: root, in: nodes, base: base, separator: separator)
                        {
                            return nil
                        }
                        edit.unflattening = order
                    case .rebuilt: return nil
                    }
                    edits.append(edit)
                }
                return edits
            }
        }
    }

    /// Whether one of the keys of the object at `root`, cut at one of its separators, is one of
    /// `columns` (dotted names): an object nesting makes, which a chosen CSV column holds whole.
    /// Always, for a separator other than a dot, which columns do not join names with.
    private static func makesObject(
        namedBy columns: [String], keysOf root: Int, in nodes: NodeTape, base: UnsafePointer<UInt8>, separator: [UInt8]
    ) -> Bool {
        guard !columns.isEmpty else { return false }
        guard separator == Array(".".utf8) else { return true }
        let byLength = Dictionary(grouping: columns.map { Array($0.utf8) }, by: \.count)
        for key in JSONNode.children(of: root, in: nodes) {
            let names = nodes[key].withStringBytes(in: base) { name in
                var from = 0
                while let cut = UnflattenedMembers.separator(separator, in: name, from: from) {
                    if let candidates = byLength[cut], candidates.contains(where: { $0.elementsEqual(name[0..<cut]) }) {
                        return true
                    }
                    from = cut + separator.count
                }
                return false
            }
            if names { return true }
        }
        return false
    }

    /// The batch with every record's `separator`-joined keys nested back into objects.
    /// Nesting adds an object (and its key) for each new prefix, and parsing JSON text adds its
    /// values: a record that would hold more than `maxValues` values is an error at its root.
    public static func unflatten(
        _ batch: RecordBatch, separator: String = ".", parsingJSONText: Bool = false,
        maxValues: Int = JSONNode.maxValues
    ) throws(Conflict) -> RecordBatch {
        let separator = Array(separator.utf8)
        let unchanged = batch.bytes.withUnsafeBufferPointer { bytes in
            (0..<batch.count).allSatisfy { index in
                unflattensToItself(
                    Int(batch.roots[index]), in: batch, base: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                    separator: separator, parsingJSONText: parsingJSONText)
            }
        }
        if unchanged { return batch }
        var tape = TapeBuilder(source: batch)
        var failure: Conflict?
        batch.bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            // The tree of the record before, written again while the keys stay the same.
            var tree: KeyTree?
            for index in 0..<batch.count where failure == nil {
                let root = Int(batch.roots[index])
                tape.beginRecord()
                guard batch.nodes[root].kind == .object else {
                    tape.copy(root)
                    continue
                }
                do throws(Conflict) {
                    if tree?.take(record: root) != true {
                        tree = try KeyTree(
                            record: root, in: batch, base: base, separator: separator, recordIndex: index)
                    }
                    tree?.write(to: &tape, parsingJSONText: parsingJSONText)
                    guard tape.currentRecordNodes - 1 <= maxValues else {
                        throw Conflict(
                            record: index, node: root,
                            message:
                                "unflattened, the record would hold more than \(maxValues) values, the most one record can hold"
                        )
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        return tape.finish()
    }
}
