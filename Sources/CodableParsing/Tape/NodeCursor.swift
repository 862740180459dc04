/// A `NodeBuffer`'s storage, and the buffer itself while the scanner appends to it: one word a
/// node (`CompactNode`), each block's base, and a side table for the nodes a word cannot hold.
/// Blocks of alike scalars may be folded into fewer words (`NodeCursor+Folding.swift`).
struct NodeCursor {
    /// One word a node, fewer for a folded block.
    var words: UnsafeMutablePointer<UInt32>
    /// Each block's base; once a block is folded, each block's base and where its words start
    /// (`NodeTape.bases`).
    var bases: UnsafeMutablePointer<UInt32>
    /// The nodes that do not fit in a word.
    private var wide: UnsafeMutablePointer<WideNode>
    /// 1 once a block is folded (`bases` holds two words a block), else 0.
    var baseShift = 0
    /// The nodes `bases` has room for.
    private(set) var nodeCapacity: Int
    private(set) var wordCapacity: Int
    /// `append` goes on without growing anything while `count` is under this.
    private var limit: Int
    private var wideCount = 0
    private var wideCapacity = 16
    /// Number of nodes stored.
    private(set) var count = 0
    /// The words that folded blocks do not keep.
    var foldedAway = 0
    /// The first node of the blocks `append` folds next, as it goes (`startFolding`), or
    /// `Int.max` when it folds none.
    private var foldsFrom = Int.max
    /// How many nodes `append` goes between two foldings, while it folds.
    private var foldingPeriod = Int.max
    /// `append` folds the complete blocks from `foldsFrom` on when `count` reaches this.
    private var nextFolding = Int.max
    /// Number of words stored.
    var wordCount: Int { count - foldedAway }

    init(capacity: Int) {
        nodeCapacity = capacity
        wordCapacity = capacity
        limit = capacity
        words = RawMemory.allocate(capacity, of: UInt32.self)
        bases = RawMemory.allocate((capacity >> CompactNode.blockShift) + 1, of: UInt32.self)
        wide = RawMemory.allocate(wideCapacity, of: WideNode.self)
    }

    /// The words `bases` takes for `capacity` nodes: one a block, or two once a block is
    /// folded.
    private func baseWords(for capacity: Int) -> Int { ((capacity >> CompactNode.blockShift) + 1) << baseShift }

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
            words[index] = wordOrWide(for: node, index: index, firstWord: index & ~CompactNode.blockMask)
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
            words[wordCount] = wordOrWide(for: node, index: index, firstWord: Int(bases[slot + 1]))
        }
        count &+= 1
        return index
    }

    /// The word of a node appended at `index` that does not fit one based at its block's base
    /// (its block's words start at `firstWord`): when it starts before the base, the block is
    /// based at its start instead if every word before it in the block still fits (a rebuilt
    /// tape's node pointing at a token written before its block's first; a YAML alias's
    /// copy); else, and for a long token or a start far past the base, a side-table entry.
    @inline(never)
    private mutating func wordOrWide(for node: JSONNode, index: Int, firstWord: Int) -> UInt32 {
        let slot = (index >> CompactNode.blockShift) << baseShift
        let base = bases[slot]
        let shift = base &- node.start
        if node.start < base, node.packed >> 5 < CompactNode.limit, shift < CompactNode.limit {
            let earlier = firstWord..<(firstWord + (index & CompactNode.blockMask))
            let fits = earlier.allSatisfy {
                words[$0] & CompactNode.wideBit != 0 || words[$0] >> CompactNode.deltaShift + shift < CompactNode.limit
            }
            if fits {
                for position in earlier where words[position] & CompactNode.wideBit == 0 {
                    words[position] &+= shift << CompactNode.deltaShift
                }
                bases[slot] = node.start
                return node.packed  // its start is the base
            }
        }
        return CompactNode.wideBit | appendWide(node, owner: index)
    }

    /// Makes room for `extra` more nodes: to twice the capacity, or to what is needed when that
    /// is more (a record whose size is known before it is built, much larger than the buffer,
    /// is held once). Grows through `RawMemory.reallocate`: a record of millions of nodes is
    /// not briefly held twice, and words reserved for nodes that are then folded are never
    /// touched.
    mutating func reserve(_ extra: Int) {
        if wordCount + extra > wordCapacity { growWords(to: max(wordCapacity * 2, wordCount + extra)) }
        if count + extra > nodeCapacity { growBlocks(to: max(nodeCapacity * 2, count + extra)) }
        updateLimit()
    }

    /// From now on, until `stopFolding`, `append` folds the complete blocks of alike scalars
    /// (`foldCompleteBlocks`) from node `first` on (rounded up to a block), every `period` nodes
    /// (at least a block): the JSON scanner, for the value it scans. The check rides on the one
    /// `append` makes for room, so a node appended costs nothing more.
    mutating func startFolding(from first: Int, every period: Int) {
        foldsFrom = (first + CompactNode.blockMask) & ~CompactNode.blockMask
        foldingPeriod = max(NodeBuffer.blockSize, period)
        nextFolding = foldsFrom + foldingPeriod
        updateLimit()
    }

    /// Ends what `startFolding` began: the blocks appended since its last folding stay whole.
    mutating func stopFolding() {
        foldsFrom = .max
        foldingPeriod = .max
        nextFolding = .max
        updateLimit()
    }

    /// Makes room for the node `append` has none for: in the words, or in the blocks' bases;
    /// or folds the blocks appended since it last did, when it is time to (`startFolding`).
    @inline(never)
    private mutating func grow() {
        if count >= nextFolding {
            foldCompleteBlocks(from: foldsFrom >> CompactNode.blockShift)
            foldsFrom = count & ~CompactNode.blockMask
            nextFolding = foldsFrom + foldingPeriod
        }
        if wordCount == wordCapacity { growWords(to: wordCapacity * 2) }
        if count == nodeCapacity { growBlocks(to: nodeCapacity * 2) }
        updateLimit()
    }

    private mutating func growBlocks(to capacity: Int) {
        nodeCapacity = capacity
        bases = RawMemory.reallocate(bases, to: baseWords(for: capacity))
    }

    mutating func growWords(to capacity: Int) {
        wordCapacity = capacity
        words = RawMemory.reallocate(words, to: capacity)
    }

    mutating func updateLimit() {
        limit = min(nodeCapacity, wordCapacity + foldedAway, nextFolding)
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
        if baseShift != 0 && newCount < count { keepWordsOfFirstNodes(newCount) }
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
