/// How an object's keys are nested back into objects as a writer writes them
/// (`RecordEdit.unflattening`): each key split at `separator`, its parts naming
/// the objects on its way and, last, its member. Worked out beforehand (the pipeline's
/// `UnflattenPlanner`, which also makes sure no key is both a value and an object, and no two
/// keys are equal), so that a huge record is not rebuilt nested before it is written.
public struct UnflattenedOrder: Sendable {
    /// The separator (UTF-8) the keys are split at.
    public let separator: [UInt8]
    /// The key nodes in the order to write them: keys whose first parts are the same come
    /// together (the order the nested objects' members are written in). Nil when that is the
    /// order they stand in.
    public let keys: KeyList?
    /// Whether a string value holding a JSON array or object (a CSV cell) is written as that
    /// value (`EmbeddedJSON`), as the record rebuilt would hold it.
    public let parsesJSONText: Bool

    /// Keys split at `separator`, written in the order `keys` (nil: as they stand), string
    /// values holding JSON text parsed when `parsesJSONText`.
    public init(separator: [UInt8], keys: KeyList?, parsesJSONText: Bool = false) {
        self.separator = separator
        self.keys = keys
        self.parsesJSONText = parsesJSONText
    }
}

/// What a writer writes, one step at a time, to nest an object's keys back
/// (`UnflattenedMembers.forEach`).
public enum UnflattenedStep {
    /// Opens an object, the member of the innermost open one named `name` (unescaped UTF-8).
    case open(name: UnsafeBufferPointer<UInt8>)
    /// Closes the innermost open object.
    case close
    /// A member: its value is the one of key node `key`, its name `name` (unescaped UTF-8, the
    /// key's last part), or the key node as written when nil (a key that was not split).
    case member(key: Int, name: UnsafeBufferPointer<UInt8>?)
}

/// The walk of an object's keys nested back (`UnflattenedOrder`): `EditedRecordWalk`'s, for
/// every writer, and the CSV writer's count of a record's columns.
public enum UnflattenedMembers {
    /// Calls `body` with each step that writes the members of the object at `root` nested back,
    /// in order: the objects a key's first parts name are opened unless open already, the ones
    /// it leaves are closed, then its member comes. Every opened object is closed at the end.
    /// Keys in `order.keys`' order are grouped by their first parts (so the nested objects come
    /// out whole); names are compared as unescaped bytes.
    public static func forEach(
        of root: Int, in nodes: NodeTape, bytes: UnsafePointer<UInt8>, order: UnflattenedOrder,
        _ body: (UnflattenedStep) -> Void
    ) {
        var walk = Walk(separator: order.separator)
        if let keys = order.keys {
            for key in keys { walk.visit(key, in: nodes, bytes: bytes, body) }
        } else {
            for key in JSONNode.children(of: root, in: nodes) { walk.visit(key, in: nodes, bytes: bytes, body) }
        }
        for _ in walk.openEnds { body(.close) }
    }

    /// The objects open while walking: their names, one after another, and where each ends.
    private struct Walk {
        let separator: [UInt8]
        var openNames: [UInt8] = []
        var openEnds: [Int] = []

        mutating func visit(
            _ key: Int, in nodes: NodeTape, bytes: UnsafePointer<UInt8>, _ body: (UnflattenedStep) -> Void
        ) {
            nodes[key].withStringBytes(in: bytes) { name in
                var start = 0
                var depth = 0
                // The open objects this key is in.
                while depth < openEnds.count, let found = UnflattenedMembers.separator(separator, in: name, from: start)
                {
                    let openStart = depth == 0 ? 0 : openEnds[depth - 1]
                    let length = found - start
                    let matches =
                        length == openEnds[depth] - openStart
                        && (length == 0
                            || openNames.withUnsafeBufferPointer { open in
                                memoryEqual(name.baseAddress! + start, open.baseAddress! + openStart, length)
                            })
                    guard matches else { break }
                    start = found + separator.count
                    depth += 1
                }
                while openEnds.count > depth {
                    body(.close)
                    openEnds.removeLast()
                }
                openNames.removeSubrange((openEnds.last ?? 0)...)
                // The objects it opens.
                while let found = UnflattenedMembers.separator(separator, in: name, from: start) {
                    body(.open(name: UnsafeBufferPointer(rebasing: name[start..<found])))
                    openNames.append(contentsOf: name[start..<found])
                    openEnds.append(openNames.count)
                    start = found + separator.count
                }
                body(.member(key: key, name: start == 0 ? nil : UnsafeBufferPointer(rebasing: name[start...])))
            }
        }
    }

    /// Where the first `separator` in `name` at or after `from` starts; nil when there is none,
    /// or the separator is empty. Where keys split, for nesting them back and its writers.
    public static func separator(_ separator: [UInt8], in name: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = separator.first else { return nil }
        var index = from
        while index + separator.count <= name.count {
            if name[index] == first
                && separator.withUnsafeBufferPointer({
                    memoryEqual(name.baseAddress! + index, $0.baseAddress!, $0.count)
                })
            {
                return index
            }
            index += 1
        }
        return nil
    }
}
