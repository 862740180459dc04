/// Growable storage for the nodes of one batch.
///
/// The scanner does not append to it directly: it takes a `NodeCursor` (a plain struct, passed
/// `inout`, so the hot loop pays for no runtime exclusivity checks) and hands it back when done.
/// Its properties skip the runtime exclusivity checks too (`@exclusivity(unchecked)`): only the
/// reader that fills a buffer ever mutates it, before handing it on read-only in a batch, and
/// those checks were a twentieth of the time spent on every node lookup.
public final class NodeBuffer: JSONNodeSource, @unchecked Sendable {
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<JSONNode>
    @exclusivity(unchecked) private var capacity: Int
    /// Number of nodes stored.
    @exclusivity(unchecked) public private(set) var count: Int

    /// Creates an empty buffer with room for `capacity` nodes.
    public init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        self.storage = RawMemory.allocate(self.capacity, of: JSONNode.self)
        self.count = 0
    }

    deinit { RawMemory.free(storage) }

    /// Lends the storage out for appending; `endAppending` must take it back.
    func beginAppending() -> NodeCursor {
        NodeCursor(storage: storage, count: count, capacity: capacity)
    }

    /// Takes back the storage lent out by `beginAppending`, with what was appended.
    func endAppending(_ cursor: NodeCursor) {
        storage = cursor.storage
        count = cursor.count
        capacity = cursor.capacity
    }

    /// Appends a node and returns its index (for tapes built outside the scanner).
    @discardableResult
    public func append(_ node: JSONNode) -> Int {
        var cursor = beginAppending()
        let index = cursor.append(node)
        endAppending(cursor)
        return index
    }

    /// Replaces the node at `index` (a container's size, known once its contents are built).
    public func update(_ index: Int, _ body: (inout JSONNode) -> Void) {
        precondition(index >= 0 && index < count, "node index out of range")
        body(&storage[index])
    }

    /// Drops every node from `newCount` on (used to undo a record that has to be scanned again).
    public func truncate(to newCount: Int) {
        precondition(newCount <= count)
        count = newCount
    }

    /// The node at `index`; readers of other formats set a container's sizes once it closes.
    public subscript(index: Int) -> JSONNode {
        get {
            precondition(index >= 0 && index < count, "node index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "node index out of range")
            storage[index] = newValue
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
        var cursor = beginAppending()
        for offset in 0..<copied {
            let node = cursor.storage[start + offset]
            cursor.append(node)
        }
        endAppending(cursor)
    }

    /// Read-only access to all stored nodes.
    public func withNodes<R>(_ body: (UnsafeBufferPointer<JSONNode>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }
}

/// A `NodeBuffer`'s storage while the scanner appends to it.
struct NodeCursor {
    var storage: UnsafeMutablePointer<JSONNode>
    var count: Int
    var capacity: Int

    /// Appends a node and returns its index.
    @inline(__always) @discardableResult
    mutating func append(_ node: JSONNode) -> Int {
        if count == capacity { grow() }
        (storage + count).initialize(to: node)
        count &+= 1
        return count &- 1
    }

    /// Grows with `realloc` (see `RawMemory`): a record of millions of nodes is not briefly
    /// held twice.
    private mutating func grow() {
        capacity *= 2
        storage = RawMemory.reallocate(storage, to: capacity)
    }
}
