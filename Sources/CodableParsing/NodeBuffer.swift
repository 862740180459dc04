/// Growable storage for the nodes of one batch, four bytes a node for most nodes, and a word
/// for a block of 16 equal ones (see `CompactNode`).
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

    /// Appends a node that may equal the nodes before it in its block (a short token written
    /// once a block and pointed at again, `RecentTokens`), and returns its index: a block of 16
    /// equal scalar nodes is kept as one word, not 16 (a row of a million empty CSV cells).
    @discardableResult
    public func appendRepeatable(_ node: JSONNode) -> Int {
        storage.appendRepeatable(node)
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
    /// One word a node (`CompactNode`), or one a folded block.
    private var words: UnsafeMutablePointer<UInt32>
    /// Each block's base; once a block is folded, each block's base and where its words start
    /// (`NodeTape.bases`).
    private var bases: UnsafeMutablePointer<UInt32>
    /// The nodes that do not fit in a word.
    private var wide: UnsafeMutablePointer<WideNode>
    /// 1 once a block is folded (`bases` holds two words a block), else 0.
    private var baseShift = 0
    /// The nodes `bases` has room for.
    private var nodeCapacity: Int
    private var wordCapacity: Int
    /// `append` goes on without growing anything while `count` is under this.
    private var limit: Int
    private var wideCount = 0
    private var wideCapacity = 16
    /// Number of nodes stored.
    private(set) var count = 0
    /// The words folded blocks do not keep: 15 each.
    private var foldedAway = 0
    /// Number of words stored.
    private var wordCount: Int { count - foldedAway }

    init(capacity: Int) {
        nodeCapacity = capacity
        wordCapacity = capacity
        limit = capacity
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

    /// How many nodes it holds before `append` has to grow it.
    var capacity: Int { limit }

    /// The bytes the nodes take.
    var byteCount: Int {
        wordCount * 4 + (count >> CompactNode.blockShift) * (4 << baseShift) + wideCount * MemoryLayout<WideNode>.stride
    }

    /// A read-only view of the nodes.
    var tape: NodeTape {
        NodeTape(words: words, bases: bases, wide: wide, folded: baseShift != 0, count: count)
    }

    /// The node at `index` (not bounds-checked).
    @inline(__always)
    func node(at index: Int) -> JSONNode {
        tape[index]
    }

    /// Appends a node and returns its index.
    @inline(__always) @discardableResult
    mutating func append(_ node: JSONNode) -> Int {
        if count == limit { grow() }
        if baseShift != 0 { return appendAfterFolding(node) }
        let index = count
        if index & CompactNode.blockMask == 0 { bases[index >> CompactNode.blockShift] = node.start }
        if let word = CompactNode.word(for: node, base: bases[index >> CompactNode.blockShift]) {
            words[index] = word
        } else {
            words[index] = CompactNode.wideBit | appendWide(node, owner: index)
        }
        count &+= 1
        return index
    }

    /// `append` once blocks keep where their words start.
    @inline(never)
    private mutating func appendAfterFolding(_ node: JSONNode) -> Int {
        let index = count
        let slot = (index >> CompactNode.blockShift) << 1
        if index & CompactNode.blockMask == 0 {
            bases[slot] = node.start
            bases[slot + 1] = UInt32(truncatingIfNeeded: wordCount)
        }
        if let word = CompactNode.word(for: node, base: bases[slot]) {
            words[wordCount] = word
        } else {
            words[wordCount] = CompactNode.wideBit | appendWide(node, owner: index)
        }
        count &+= 1
        return index
    }

    /// Appends a node that may equal the nodes before it in its block (its short token is
    /// written once a block, `RecentTokens`): a block of 16 equal scalar nodes is then folded
    /// into one word.
    @inline(__always) @discardableResult
    mutating func appendRepeatable(_ node: JSONNode) -> Int {
        let index = append(node)
        if index & CompactNode.blockMask == CompactNode.blockMask { foldIfRepeated(block: index >> CompactNode.blockShift) }
        return index
    }

    /// Folds the block just completed into one word when its 16 words are equal and hold a
    /// scalar (a container's size is set after its block is complete, so none is folded).
    @inline(never)
    private mutating func foldIfRepeated(block: Int) {
        let first = wordCount - NodeBuffer.blockSize
        let word = words[wordCount - 1]
        guard word & CompactNode.wideBit == 0, word & 7 < UInt32(JSONNode.Kind.array.rawValue) else { return }
        for offset in first..<(wordCount - 1) where words[offset] != word { return }
        if baseShift == 0 { keepWordStarts() }
        bases[(block << 1) + 1] = UInt32(truncatingIfNeeded: first) | CompactNode.foldedBit
        foldedAway += CompactNode.blockMask
        updateLimit()
    }

    /// Makes every block keep where its words start, after its base: so far, 16 words a block.
    private mutating func keepWordStarts() {
        let table = RawMemory.allocate(2 * Self.blocks(for: nodeCapacity), of: UInt32.self)
        for block in 0..<((count + CompactNode.blockMask) >> CompactNode.blockShift) {
            table[2 * block] = bases[block]
            table[2 * block + 1] = UInt32(truncatingIfNeeded: block << CompactNode.blockShift)
        }
        RawMemory.free(bases)
        bases = table
        baseShift = 1
    }

    /// The index of node `index`'s own word, storing its block whole again first if it is
    /// folded (only scalars are folded, and only containers change once their block is
    /// complete, so this is rare; it moves every later word).
    private mutating func ownWordIndex(of index: Int) -> Int {
        guard baseShift != 0 else { return index }
        let block = index >> CompactNode.blockShift
        let start = bases[(block << 1) + 1]
        let first = Int(start & ~CompactNode.foldedBit)
        if start & CompactNode.foldedBit != 0 {
            let extra = CompactNode.blockMask
            if wordCount + extra > wordCapacity { growWords(to: max(wordCapacity * 2, wordCount + extra)) }
            let later = words + first + 1
            UnsafeMutableRawPointer(later + extra).copyMemory(from: later, byteCount: (wordCount - first - 1) * 4)
            later.update(repeating: words[first], count: extra)
            foldedAway -= extra
            bases[(block << 1) + 1] = UInt32(truncatingIfNeeded: first)
            var next = block + 1
            while next <= (count - 1) >> CompactNode.blockShift {
                bases[(next << 1) + 1] &+= UInt32(extra)
                next += 1
            }
            updateLimit()
        }
        return first + (index & CompactNode.blockMask)
    }

    /// Makes room for `extra` more nodes: to twice the capacity, or to what is needed when that
    /// is more (a record whose size is known before it is built, much larger than the buffer,
    /// is held once). Grows with `realloc` (see `RawMemory`): a record of millions of nodes is
    /// not briefly held twice, and words reserved for nodes that are then folded are never
    /// touched.
    mutating func reserve(_ extra: Int) {
        if wordCount + extra > wordCapacity { growWords(to: max(wordCapacity * 2, wordCount + extra)) }
        if count + extra > nodeCapacity { growBlocks(to: max(nodeCapacity * 2, count + extra)) }
        updateLimit()
    }

    /// Makes room for the node `append` has none for: in the words, or in the blocks' bases.
    @inline(never)
    private mutating func grow() {
        if wordCount == wordCapacity { growWords(to: wordCapacity * 2) }
        if count == nodeCapacity { growBlocks(to: nodeCapacity * 2) }
        updateLimit()
    }

    private mutating func growBlocks(to capacity: Int) {
        nodeCapacity = capacity
        bases = RawMemory.reallocate(bases, to: Self.blocks(for: capacity) << baseShift)
    }

    private mutating func growWords(to capacity: Int) {
        wordCapacity = capacity
        words = RawMemory.reallocate(words, to: capacity)
    }

    private mutating func updateLimit() {
        limit = min(nodeCapacity, wordCapacity + foldedAway)
    }

    /// Replaces the node at `index`: in its word when it fits, else in the side table.
    mutating func replace(_ index: Int, with node: JSONNode) {
        let position = ownWordIndex(of: index)
        let word = words[position]
        if word & CompactNode.wideBit != 0 {
            wide[Int(word & ~CompactNode.wideBit)].node = node
        } else if let word = CompactNode.word(for: node, base: bases[(index >> CompactNode.blockShift) << baseShift]) {
            words[position] = word
        } else {
            words[position] = CompactNode.wideBit | appendWide(node, owner: index)
        }
    }

    /// Sets the size of the container at `index` (the scanner, as the container closes).
    @inline(__always)
    mutating func setSize(_ size: Int, at index: Int) {
        let position = ownWordIndex(of: index)
        let word = words[position]
        if word & CompactNode.wideBit == 0, UInt32(truncatingIfNeeded: size) < CompactNode.limit {
            words[position] = word & ~CompactNode.extentBits | UInt32(truncatingIfNeeded: size) << 5
        } else {
            var node = node(at: index)
            node.size = size
            replace(index, with: node)
        }
    }

    /// Drops every node from `newCount` on, and their side-table entries.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        if baseShift != 0 && newCount < count {
            // The block of node `newCount` has started: its words start at its entry.
            let slot = ((newCount >> CompactNode.blockShift) << 1) + 1
            let first = Int(bases[slot] & ~CompactNode.foldedBit)
            let kept = newCount & CompactNode.blockMask
            if bases[slot] & CompactNode.foldedBit != 0 {  // the nodes kept are stored whole again
                if first + kept > wordCapacity { growWords(to: max(wordCapacity * 2, first + kept)) }
                (words + first).update(repeating: words[first], count: kept)
                bases[slot] = UInt32(truncatingIfNeeded: first)
            }
            foldedAway = newCount - (first + kept)
        }
        count = newCount
        while wideCount > 0, Int(wide[wideCount - 1].owner) >= newCount { wideCount -= 1 }
        updateLimit()
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
