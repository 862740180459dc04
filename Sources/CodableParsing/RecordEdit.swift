/// Edits to one record's tape: members picked (`--select`) or dropped (`--exclude`), keys
/// renamed (`--rename`, `--keys`), scalars replaced (re-encoded dates). The pipeline either
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
    /// Keys renamed by a rule (`--rename`), a bit each, and the name (UTF-8, unquoted) each
    /// rule gives them: a later rule's name wins, and `renamed`'s over all. Listed in `renamed`,
    /// a rename of 500 000 keys took a few dozen bytes each.
    public var renamedByRule: [(keys: NodeSet, name: [UInt8])] = []
    /// A conversion of every key's name (`--keys` on a huge record), applied after `renamed`:
    /// the new name (UTF-8, unquoted), or nil when the name stays. Converting as the keys come,
    /// rather than listing every key in `renamed`, keeps a record of a million keys from taking
    /// ten times its size.
    public var renameKey: (([UInt8]) -> [UInt8]?)?
    /// Scalar nodes and the JSON text that replaces them.
    public var replacements: [Int: [UInt8]] = [:]
    /// The separator (UTF-8) that joins the keys of nested objects, flattened as they are
    /// written (`--flatten`, `FlattenedMembers`), when the record is an object: with no other
    /// edit but `replacements`. The JSON and YAML writers take it, so that a huge record is
    /// not rebuilt flat before it is written; CSV's writer flattens every record anyway.
    public var flattening: [UInt8]?

    /// No edit at all, of the record whose root is node `root`.
    public init(root: Int = 0) {
        dropped = NodeSet(from: root)
    }

    /// Nothing picked, dropped, renamed or replaced.
    public var isEmpty: Bool { keepsShape && replacements.isEmpty }

    /// Nothing picked, dropped, renamed or flattened: only scalars replaced, which every writer
    /// can do.
    public var keepsShape: Bool { members.isEmpty && dropped.isEmpty && !renamesKeys && flattening == nil }

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

    /// Whether a rule renames a key in `range` (`renamed` and `renameKey` aside).
    public func renamesAnyKey(in range: Range<Int>) -> Bool {
        renamedByRule.contains { $0.keys.any(in: range) }
    }
}
