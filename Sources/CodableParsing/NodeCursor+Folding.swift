/// Folding: a complete block of 16 small nodes (the values of a big CSV row or YAML record) is
/// kept in fewer words than 16 (`FoldedBlock`): equal nodes in one, nodes of one kind, flags
/// and length in five, nodes whose tokens are under 8 bytes (or containers of under 8 nodes) in
/// eight, each starting less than 256 bytes after the block's base. A container is folded only
/// when its reader says it is closed, since closing sets its size. From the first folded block
/// on, every block keeps where its words start and its shape (`NodeTape.bases`); a folded block
/// is stored whole again when one of its nodes is replaced or the tape is cut inside it.
extension NodeCursor {
    /// Appends a node and returns its index; when it completes a block of small scalars, the
    /// block is folded.
    @inline(__always) @discardableResult
    mutating func appendFoldable(_ node: JSONNode) -> Int {
        let index = append(node)
        if index & CompactNode.blockMask == CompactNode.blockMask {
            foldIfSmall(block: index >> CompactNode.blockShift, containersClosed: false)
        }
        return index
    }

    /// Folds `block`, the last complete block (the nodes after it are fewer than a block), when
    /// its 16 words hold small nodes that each start less than 256 bytes after the base, into
    /// the fewest words its nodes allow; it holds no container unless `containersClosed`.
    @inline(never)
    mutating func foldIfSmall(block: Int, containersClosed: Bool) {
        let blockEnd = (block + 1) << CompactNode.blockShift
        // A block's word start has 30 bits; no batch comes near that many nodes.
        guard block >= 0, count >= blockEnd, count - blockEnd < NodeBuffer.blockSize, count < 1 << 28 else { return }
        let entry = (block << 1) + 1
        guard baseShift == 0 || bases[entry] <= CompactNode.wordStartMask else { return }  // folded
        let first = baseShift == 0 ? block << CompactNode.blockShift : Int(bases[entry])
        let end = first + NodeBuffer.blockSize
        let head = words[first]
        let kinds = containersClosed ? 8 : UInt32(JSONNode.Kind.array.rawValue)
        let packed = head & CompactNode.packedMask
        var equal = true, alike = true, short = true
        var steps = (low: UInt64(0), high: UInt64(0))  // each node's start less the base, a byte each
        for offset in 0..<NodeBuffer.blockSize {
            let word = words[first + offset]
            // Not a side-table index, a start under 256, and a kind that may fold.
            guard word & 0xFC00_0000 == 0, word & 7 < kinds else { return }
            equal = equal && word == head
            alike = alike && word & CompactNode.packedMask == packed
            short = short && word & CompactNode.packedMask < 0x100  // an extent under 8
            guard alike || short else { return }
            let step = UInt64(word >> CompactNode.deltaShift) << (8 * (offset & 7))
            if offset < 8 { steps.low |= step } else { steps.high |= step }
        }
        let shape: FoldedBlock = equal ? .repeated : alike ? .stepped : .halved
        switch shape {
        case .repeated, .whole:
            break
        case .stepped:
            words[first] = packed
            let stepBytes = UnsafeMutableRawPointer(words + first + 1)
            stepBytes.storeBytes(of: steps.low.littleEndian, toByteOffset: 0, as: UInt64.self)
            stepBytes.storeBytes(of: steps.high.littleEndian, toByteOffset: 8, as: UInt64.self)
        case .halved:  // half k lands in word k / 2, read before it
            let halves = UnsafeMutableRawPointer(words + first)
            for offset in 0..<NodeBuffer.blockSize {
                halves.storeBytes(of: FoldedBlock.half(of: words[first + offset]).littleEndian, toByteOffset: 2 * offset, as: UInt16.self)
            }
        }
        if baseShift == 0 { keepWordStarts() }
        bases[entry] = FoldedBlock.start(first, shape)
        let dropped = NodeBuffer.blockSize - shape.keptWords
        let after = wordCount - end  // the words of the nodes after the block, moved up to it
        if after > 0 {
            UnsafeMutableRawPointer(words + first + shape.keptWords).copyMemory(from: words + end, byteCount: after * 4)
            bases[entry + 2] &-= UInt32(dropped)  // the next block has started
        }
        foldedAway += dropped
        updateLimit()
    }

    /// Makes every block keep where its words start, after its base: so far, 16 words a block.
    private mutating func keepWordStarts() {
        let table = RawMemory.allocate(2 * ((nodeCapacity >> CompactNode.blockShift) + 1), of: UInt32.self)
        for block in 0..<((count + CompactNode.blockMask) >> CompactNode.blockShift) {
            table[2 * block] = bases[block]
            table[2 * block + 1] = UInt32(truncatingIfNeeded: block << CompactNode.blockShift)
        }
        RawMemory.free(bases)
        bases = table
        baseShift = 1
    }

    /// The words of the first `count` nodes of `block`, read from its folded words.
    private func unfoldedWords(of block: Int, count: Int) -> [UInt32] {
        (0..<count).map { CompactNode.foldedWord(at: (block << CompactNode.blockShift) + $0, words: words, bases: bases) }
    }

    /// The index of node `index`'s own word, storing its block whole again first if it is
    /// folded (only scalars are folded, and only containers change once their block is
    /// complete, so this is rare; it moves every later word).
    mutating func ownWordIndex(of index: Int) -> Int {
        guard baseShift != 0 else { return index }
        let block = index >> CompactNode.blockShift
        let entry = (block << 1) + 1
        let first = Int(bases[entry] & CompactNode.wordStartMask)
        if bases[entry] > CompactNode.wordStartMask {
            let kept = FoldedBlock.shape(of: bases[entry]).keptWords
            let extra = NodeBuffer.blockSize - kept
            let unfolded = unfoldedWords(of: block, count: NodeBuffer.blockSize)
            if wordCount + extra > wordCapacity { growWords(to: max(wordCapacity * 2, wordCount + extra)) }
            let later = words + first + kept
            UnsafeMutableRawPointer(later + extra).copyMemory(from: later, byteCount: (wordCount - first - kept) * 4)
            (words + first).update(from: unfolded, count: unfolded.count)
            foldedAway -= extra
            bases[entry] = UInt32(truncatingIfNeeded: first)
            var next = block + 1
            while next <= (count - 1) >> CompactNode.blockShift {
                bases[(next << 1) + 1] &+= UInt32(extra)
                next += 1
            }
            updateLimit()
        }
        return first + (index & CompactNode.blockMask)
    }

    /// Before the nodes from `newCount` on are dropped: the words kept are those of the nodes
    /// before it, the ones of its own block stored whole (remade, if it is folded).
    mutating func keepWordsOfFirstNodes(_ newCount: Int) {
        let block = newCount >> CompactNode.blockShift
        let entry = (block << 1) + 1
        let first = Int(bases[entry] & CompactNode.wordStartMask)
        let kept = newCount & CompactNode.blockMask
        if bases[entry] > CompactNode.wordStartMask {
            let remade = unfoldedWords(of: block, count: kept)
            if first + kept > wordCapacity { growWords(to: max(wordCapacity * 2, first + kept)) }
            (words + first).update(from: remade, count: kept)
            bases[entry] = UInt32(truncatingIfNeeded: first)
        }
        foldedAway = newCount - (first + kept)
    }
}
