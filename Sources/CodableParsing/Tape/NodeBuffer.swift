/// Growable storage for the nodes of one batch, four bytes a node for most nodes, and less for
/// a block of 16 alike scalars (see `CompactNode`).
///
/// The scanner does not append to it directly: it takes a `NodeCursor` (a plain struct, passed
/// `inout`, so the hot loop pays for no runtime exclusivity checks) and hands it back when done.
/// Its properties skip the runtime exclusivity checks too (`@exclusivity(unchecked)`): only the
/// reader that fills a buffer ever mutates it, before handing it on read-only in a batch, and
/// those checks would be paid on every node lookup.
public final class NodeBuffer: JSONNodeSource, @unchecked Sendable {
    @exclusivity(unchecked) private var storage: NodeCursor

    /// Number of nodes stored.
    public var count: Int { storage.count }

    /// The nodes of a block, which are one word each when they start no earlier than the
    /// block's first node and less than 8 KiB after it (`CompactNode`).
    public static let blockSize = 1 << CompactNode.blockShift

    /// A record's blocks are folded (`appendFoldable`, `foldBlock`) only past this many of its
    /// nodes: a batch with a folded block is read through a slower lookup, which only a record
    /// of very many values is worth (a batch of small records is bounded by its size).
    public static let nodesBeforeFolding = 4096

    /// How many nodes it holds before its storage has to grow.
    var capacity: Int { storage.capacity }

    /// The bytes the nodes take (their words, their blocks' bases and word starts, and their
    /// side table).
    public var byteCount: Int { storage.byteCount }

    /// Creates an empty buffer with room for `capacity` nodes.
    public init(capacity: Int = 4096) {
        storage = NodeCursor(capacity: max(16, capacity))
    }

    deinit { storage.free() }

    /// Lends the storage out for appending; `endAppending` must take it back.
    func beginAppending() -> NodeCursor { storage }

    /// Takes back the storage lent out by `beginAppending`, with what was appended.
    func endAppending(_ cursor: NodeCursor) { storage = cursor }

    /// Appends a node and returns its index (for tapes built outside the scanner).
    @discardableResult
    public func append(_ node: JSONNode) -> Int {
        storage.append(node)
    }

    /// Appends a scalar node of a record of very many small values (a big CSV row or YAML
    /// record), and returns its index: a block of 16 small nodes is then folded into fewer
    /// words (`FoldedBlock`).
    @discardableResult
    public func appendFoldable(_ node: JSONNode) -> Int {
        storage.appendFoldable(node)
    }

    /// Folds `block`, the last complete block, when its nodes are small (`FoldedBlock`): for a
    /// reader that knows every container in it is closed (its size set for good).
    public func foldBlock(_ block: Int) {
        storage.foldIfSmall(block: block, containersClosed: true)
    }

    /// Replaces the node at `index` (a container's size, known once its contents are built).
    public func update(_ index: Int, _ body: (inout JSONNode) -> Void) {
        precondition(index >= 0 && index < count, "node index out of range")
        var node = storage.node(at: index)
        body(&node)
        storage.replace(index, with: node)
    }

    /// Drops every node from `newCount` on (used to undo a record that has to be scanned again).
    public func truncate(to newCount: Int) {
        storage.truncate(to: newCount)
    }

    /// The node at `index`; readers of other formats set a container's sizes once it closes.
    public subscript(index: Int) -> JSONNode {
        get {
            precondition(index >= 0 && index < count, "node index out of range")
            return storage.node(at: index)
        }
        set {
            precondition(index >= 0 && index < count, "node index out of range")
            storage.replace(index, with: newValue)
        }
    }

    /// The node at `index` (a `JSONNodeSource`).
    public func node(at index: Int) -> JSONNode { self[index] }

    /// The number of members (objects) or elements (arrays) of the container at `index`.
    public func memberCount(of index: Int) -> Int {
        JSONNode.memberCount(of: index, in: self)
    }

    /// The children of the container at `index` (elements, or an object's keys), read through
    /// this buffer: the loop may append to it.
    public func children(of index: Int) -> JSONNodeChildren<NodeBuffer> {
        JSONNode.children(of: index, in: self)
    }

    /// Appends a copy of the `count` nodes starting at `start` (a YAML alias repeats its anchor's
    /// nodes: they point at the same bytes, and container sizes are relative).
    public func appendCopy(from start: Int, count copied: Int) {
        precondition(start >= 0 && copied >= 0 && start + copied <= count, "node range out of range")
        for offset in 0..<copied {
            storage.append(storage.node(at: start + offset))
        }
    }

    /// A view of the nodes that outlives a `withNodes` call: valid only while this buffer lives
    /// and is not appended to (a schema's constants, built once and kept).
    public var unsafeTape: NodeTape { storage.tape }

    /// Read-only access to all stored nodes.
    public func withNodes<R>(_ body: (NodeTape) throws -> R) rethrows -> R {
        try body(storage.tape)
    }
}
