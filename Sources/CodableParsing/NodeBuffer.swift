/// Growable storage for the nodes of one batch, four bytes a node for most nodes (see
/// `CompactNode`).
///
/// The scanner does not append to it directly: it takes a `NodeCursor` (a plain struct, passed
/// `inout`, so the hot loop pays for no runtime exclusivity checks) and hands it back when done.
/// Its properties skip the runtime exclusivity checks too (`@exclusivity(unchecked)`): only the
/// reader that fills a buffer ever mutates it, before handing it on read-only in a batch, and
/// those checks were a twentieth of the time spent on every node lookup.
public final class NodeBuffer: JSONNodeSource, @unchecked Sendable {
    @exclusivity(unchecked) private var storage: NodeCursor

    /// Number of nodes stored.
    public var count: Int { storage.count }

    /// The nodes of a block, which are one word each when they start no earlier than the
    /// block's first node and less than 8 KiB after it (`CompactNode`).
    public static let blockSize = 1 << CompactNode.blockShift

    /// The bytes the nodes take (their words, their blocks' bases and their side table).
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

/// A `NodeBuffer`'s storage, and the buffer itself while the scanner appends to it.
struct NodeCursor {
    /// One word a node (`CompactNode`).
    private var words: UnsafeMutablePointer<UInt32>
    /// The start of each block's first node.
    private var bases: UnsafeMutablePointer<UInt32>
    /// The nodes that do not fit in a word.
    private var wide: UnsafeMutablePointer<WideNode>
    private var capacity: Int
    private var wideCount = 0
    private var wideCapacity = 16
    /// Number of nodes stored.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        words = RawMemory.allocate(capacity, of: UInt32.self)
        bases = RawMemory.allocate(Self.blocks(for: capacity), of: UInt32.self)
        wide = RawMemory.allocate(wideCapacity, of: WideNode.self)
    }

    private static func blocks(for capacity: Int) -> Int { (capacity >> CompactNode.blockShift) + 1 }

    /// Gives the storage back (the buffer's `deinit`).
    func free() {
        RawMemory.free(words)
        RawMemory.free(bases)
        RawMemory.free(wide)
    }

    /// The bytes the nodes take.
    var byteCount: Int {
        count * 4 + (count >> CompactNode.blockShift) * 4 + wideCount * MemoryLayout<WideNode>.stride
    }

    /// A read-only view of the nodes.
    var tape: NodeTape {
        NodeTape(words: words, bases: bases, wide: wide, count: count)
    }

    /// The node at `index` (not bounds-checked).
    @inline(__always)
    func node(at index: Int) -> JSONNode {
        CompactNode.node(words[index], at: index, bases: bases, wide: wide)
    }

    /// Appends a node and returns its index.
    @inline(__always) @discardableResult
    mutating func append(_ node: JSONNode) -> Int {
        if count == capacity { reserve(1) }
        let index = count
        if index & ((1 << CompactNode.blockShift) - 1) == 0 { bases[index >> CompactNode.blockShift] = node.start }
        if let word = CompactNode.word(for: node, base: bases[index >> CompactNode.blockShift]) {
            words[index] = word
        } else {
            words[index] = CompactNode.wideBit | appendWide(node, owner: index)
        }
        count &+= 1
        return index
    }

    /// Makes room for `extra` more nodes: to twice the capacity, or to what is needed when that
    /// is more (a record whose size is known before it is built, much larger than the buffer,
    /// is held once). Grows with `realloc` (see `RawMemory`): a record of millions of nodes is
    /// not briefly held twice.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(capacity * 2, count + extra)
        words = RawMemory.reallocate(words, to: capacity)
        bases = RawMemory.reallocate(bases, to: Self.blocks(for: capacity))
    }

    /// Replaces the node at `index`: in its word when it fits, else in the side table.
    mutating func replace(_ index: Int, with node: JSONNode) {
        let word = words[index]
        if word & CompactNode.wideBit != 0 {
            wide[Int(word & ~CompactNode.wideBit)].node = node
        } else if let word = CompactNode.word(for: node, base: bases[index >> CompactNode.blockShift]) {
            words[index] = word
        } else {
            words[index] = CompactNode.wideBit | appendWide(node, owner: index)
        }
    }

    /// Sets the size of the container at `index` (the scanner, as the container closes).
    @inline(__always)
    mutating func setSize(_ size: Int, at index: Int) {
        let word = words[index]
        if word & CompactNode.wideBit == 0, UInt32(truncatingIfNeeded: size) < CompactNode.limit {
            words[index] = word & ~CompactNode.extentBits | UInt32(truncatingIfNeeded: size) << 5
        } else {
            var node = node(at: index)
            node.size = size
            replace(index, with: node)
        }
    }

    /// Drops every node from `newCount` on, and their side-table entries.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
        while wideCount > 0, Int(wide[wideCount - 1].owner) >= newCount { wideCount -= 1 }
    }

    @inline(never)
    private mutating func appendWide(_ node: JSONNode, owner: Int) -> UInt32 {
        if wideCount == wideCapacity {
            wideCapacity *= 2
            wide = RawMemory.reallocate(wide, to: wideCapacity)
        }
        (wide + wideCount).initialize(to: WideNode(node: node, owner: owner))
        wideCount += 1
        return UInt32(truncatingIfNeeded: wideCount - 1)
    }

}
