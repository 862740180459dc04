/// Edits to one record's tape: members picked or dropped, keys renamed (one by one, by a rule,
/// or all converted), scalars replaced (re-encoded dates). The pipeline either
/// applies them in one copy of the record (a new tape), or hands them to a writer that applies
/// them as it writes (`RecordFormatter.write(_:edit:)`), which copies nothing.
public struct RecordEdit {
    /// Objects written with only some of their members, in a new order: the key nodes of the
    /// members to write, in the order to write them.
    public var members: [Int: [Int]] = [:]
    /// Value nodes whose member (or element) is left out.
    public var dropped: NodeSet
    /// Key nodes and their new names (UTF-8, unquoted).
    public var renamed: [Int: [UInt8]] = [:]
    /// Keys renamed by a rule, a bit each, and the name (UTF-8, unquoted) each
    /// rule gives them: a later rule's name wins, and `renamed`'s over all. A bit a key, where
    /// listing each in `renamed` would take a few dozen bytes a key.
    public var renamedByRule: [(keys: NodeSet, name: [UInt8])] = []
    /// A conversion of every key's name (a key case, on a huge record), applied after `renamed`:
    /// the new name (UTF-8, unquoted), or nil when the name stays. Converting as the keys come,
    /// rather than listing every key in `renamed`, keeps a record of a million keys from being
    /// held many times over.
    public var renameKey: (([UInt8]) -> [UInt8]?)?
    /// Scalar nodes and the JSON text that replaces them.
    public var replacements: NodeReplacements = [:]
    /// The separator (UTF-8) that joins the keys of nested objects, flattened as they are
    /// written (`FlattenedMembers`), when the record is an object: with no other
    /// edit but `replacements`. The JSON and YAML writers take it, so that a huge record is
    /// not rebuilt flat before it is written; CSV's writer flattens every record anyway.
    public var flattening: [UInt8]?
    /// The record's keys nested back into objects as they are written
    /// (`UnflattenedMembers`), when the record is an object: with no other edit but
    /// `replacements`. The JSON and YAML writers take it, so that a huge record is not rebuilt
    /// nested before it is written; the CSV writer walks the record nested to flatten it again
    /// (its columns then come in the nested record's order, a cell's JSON object's members
    /// among them).
    public var unflattening: UnflattenedOrder?

    /// No edit at all, of the record whose root is node `root`.
    public init(root: Int = 0) {
        dropped = NodeSet(from: root)
    }

    /// Nothing picked, dropped, renamed or replaced.
    public var isEmpty: Bool { keepsShape && replacements.isEmpty }

    /// Nothing picked, dropped, renamed, flattened or unflattened: only scalars replaced, which
    /// every writer can do.
    public var keepsShape: Bool {
        members.isEmpty && dropped.isEmpty && !renamesKeys && flattening == nil && unflattening == nil
    }

    /// Every field written keeps the name it has in the record: members are only picked or
    /// dropped, scalars replaced; nothing renamed, flattened or unflattened.
    public var keepsNames: Bool { !renamesKeys && flattening == nil && unflattening == nil }

    /// Whether some key may be renamed: by `renamed`, a rule or `renameKey`.
    public var renamesKeys: Bool { !renamed.isEmpty || !renamedByRule.isEmpty || renameKey != nil }

    /// The name the key node `key` is written under, when it changes (UTF-8, unquoted): its
    /// `renamed` name, or else its rule's, converted by `renameKey`. `name` gives the key's name
    /// as read.
    public func newName(ofKey key: Int, readAs name: () -> [UInt8]) -> [UInt8]? {
        let renamedName = renamed[key] ?? renamedByRule.last { $0.keys.contains(key) }?.name
        guard let renameKey else { return renamedName }
        return renameKey(renamedName ?? name()) ?? renamedName
    }

    /// The key nodes of the members of the container at `index` to write, in order, when they are
    /// not all written in source order (`EditedMembers`' list): with `sortingKeys`, an object's
    /// (see `sortedMembers`); else its picked members, or nil.
    public func listedMembers(of index: Int, sortingKeys: Bool, nodes: NodeTape, bytes: UnsafePointer<UInt8>)
        -> KeyList?
    {
        guard nodes[index].kind == .object else { return nil }
        if sortingKeys { return sortedMembers(of: index, nodes: nodes, bytes: bytes) }
        return members[index].map(KeyList.init)
    }

    /// The key nodes of the object at `index` whose members are written (picked, and not
    /// dropped), in code-point order of their (new) names; equal names in the order picked. What
    /// a writer that sorts keys walks.
    public func sortedMembers(of index: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>) -> KeyList {
        var order = KeyOrder(keysOf: index, in: nodes, bytes: bytes)
        if let picked = members[index] {
            append(picked, to: &order, nodes: nodes, bytes: bytes)
        } else {
            append(JSONNode.children(of: index, in: nodes), to: &order, nodes: nodes, bytes: bytes)  // no array of them
        }
        return order.sorted()
    }

    /// Adds the keys `keys` whose members are not dropped to `order`, under their new names.
    private func append<Keys: Sequence<Int>>(
        _ keys: Keys, to order: inout KeyOrder, nodes: NodeTape, bytes: UnsafePointer<UInt8>
    ) {
        for key in keys where !dropped.contains(key + 1) {
            if let name = newName(ofKey: key, readAs: { nodes[key].stringBytes(in: bytes) }) {
                order.append(name, id: key)
            } else {
                order.append(key: key)
            }
        }
    }

    /// Whether a rule renames a key in `range` (`renamed` and `renameKey` aside).
    public func renamesAnyKey(in range: Range<Int>) -> Bool {
        renamedByRule.contains { $0.keys.any(in: range) }
    }
}
