/// Folding: a complete block of 16 small nodes (the values of a big CSV row, YAML record or JSON
/// value) is kept in fewer words than 16 (`FoldedBlock`): equal nodes in one, nodes of one kind,
/// flags and length in five, nodes whose tokens are under 8 bytes (or containers of under 8
/// nodes) in eight, each starting less than 256 bytes after the block's base. A container is
/// folded only when its reader says it is closed, since closing sets its size. From the first
/// folded block on, every block keeps where its words start and its shape (`NodeTape.bases`); a
/// folded block is stored whole again when one of its nodes is replaced or the tape is cut
/// inside it.
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
        guard let folding = foldedShape(ofWordsAt: first, containersClosed: containersClosed) else { return }
        writeFolded(folding, from: first, to: first)
        if baseShift == 0 { keepWordStarts() }
        bases[entry] = FoldedBlock.start(first, folding.shape)
        let end = first + NodeBuffer.blockSize
        let dropped = NodeBuffer.blockSize - folding.shape.keptWords
        let after = wordCount - end  // the words of the nodes after the block, moved up to it
        if after > 0 {
            UnsafeMutableRawPointer(words + first + folding.shape.keptWords).copyMemory(
                from: words + end, byteCount: after * 4)
            bases[entry + 2] &-= UInt32(dropped)  // the next block has started
        }
        foldedAway += dropped
        updateLimit()
    }

    /// Folds every complete block from `firstBlock` on whose nodes are small scalars, and moves
    /// the words of the blocks and nodes after each up to it: the JSON scanner, every so many
    /// nodes of a value of very many (`startFolding`), where folding one block at a time would
    /// cost a check on every node appended.
    @inline(never)
    mutating func foldCompleteBlocks(from firstBlock: Int) {
        let endBlock = count >> CompactNode.blockShift
        guard firstBlock >= 0, firstBlock < endBlock, count < 1 << 28 else { return }
        if baseShift == 0 { keepWordStarts() }
        let oldWordCount = wordCount
        var target = Int(bases[(firstBlock << 1) + 1] & CompactNode.wordStartMask)
        var source = target  // the first word not moved yet
        for block in firstBlock..<endBlock {
            let entry = (block << 1) + 1
            source = Int(bases[entry] & CompactNode.wordStartMask)
            let stored = bases[entry] > CompactNode.wordStartMask ? FoldedBlock.shape(of: bases[entry]) : .whole
            var shape = stored
            if stored == .whole, let folding = foldedShape(ofWordsAt: source, containersClosed: false) {
                writeFolded(folding, from: source, to: target)
                shape = folding.shape
            } else if target != source {
                UnsafeMutableRawPointer(words + target).copyMemory(
                    from: words + source, byteCount: stored.keptWords * 4)
            }
            bases[entry] = FoldedBlock.start(target, shape)
            source += stored.keptWords
            target += shape.keptWords
        }
        let after = oldWordCount - source  // the words of the nodes after the last complete block
        if after > 0 {
            UnsafeMutableRawPointer(words + target).copyMemory(from: words + source, byteCount: after * 4)
            bases[(endBlock << 1) + 1] = UInt32(truncatingIfNeeded: target)
        }
        foldedAway += source - target
        updateLimit()
    }

    /// The shape the block whose 16 words start at `first` folds into, and each node's start
    /// less the base (a byte each, for a stepped block), or nil when it does not fold: a
    /// side-table node, a start 256 bytes or more after the base, a container (unless
    /// `containersClosed`), or nodes neither alike nor short.
    private func foldedShape(ofWordsAt first: Int, containersClosed: Bool) -> (
        shape: FoldedBlock, steps: (low: UInt64, high: UInt64)
    )? {
        let head = words[first]
        let kinds = containersClosed ? 8 : UInt32(JSONNode.Kind.array.rawValue)
        let packed = head & CompactNode.packedMask
        var equal = true
        var alike = true
        var short = true
        var steps = (low: UInt64(0), high: UInt64(0))
        for offset in 0..<NodeBuffer.blockSize {
            let word = words[first + offset]
            // Not a side-table index, a start under 256, and a kind that may fold.
            guard word & 0xFC00_0000 == 0, word & 7 < kinds else { return nil }
            equal = equal && word == head
            alike = alike && word & CompactNode.packedMask == packed
            short = short && word & CompactNode.packedMask < 0x100  // an extent under 8
            guard alike || short else { return nil }
            let step = UInt64(word >> CompactNode.deltaShift) << (8 * (offset & 7))
            if offset < 8 { steps.low |= step } else { steps.high |= step }
        }
        return (equal ? .repeated : alike ? .stepped : .halved, steps)
    }

    /// Writes the block whose 16 words start at `source` as `folding` says, at `target` (at or
    /// before `source`: each word is read before a folded word overwrites it).
    private func writeFolded(
        _ folding: (shape: FoldedBlock, steps: (low: UInt64, high: UInt64)), from source: Int, to target: Int
    ) {
        switch folding.shape {
        case .whole:
            UnsafeMutableRawPointer(words + target).copyMemory(
                from: words + source, byteCount: NodeBuffer.blockSize * 4)
        case .repeated:
            words[target] = words[source]
        case .stepped:
            words[target] = words[source] & CompactNode.packedMask
            let stepBytes = UnsafeMutableRawPointer(words + target + 1)
            stepBytes.storeBytes(of: folding.steps.low.littleEndian, toByteOffset: 0, as: UInt64.self)
            stepBytes.storeBytes(of: folding.steps.high.littleEndian, toByteOffset: 8, as: UInt64.self)
        case .halved:  // half k lands in word target + k / 2, read before it (target <= source)
            let halves = UnsafeMutableRawPointer(words + target)
            for offset in 0..<NodeBuffer.blockSize {
                halves.storeBytes(
                    of: FoldedBlock.half(of: words[source + offset]).littleEndian, toByteOffset: 2 * offset,
                    as: UInt16.self)
            }
        }
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
        (0..<count).map {
            CompactNode.foldedWord(at: (block << CompactNode.blockShift) + $0, words: words, bases: bases)
        }
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
