import Testing

@testable import CodableParsing

/// A `NodeBuffer` keeps most nodes in one word, and the rest (long tokens, big containers, nodes
/// far from or before their block's first node) whole in a side table: whatever is stored,
/// replaced, resized, copied or dropped reads back as it was given, and small nodes cost four
/// bytes and a sixteenth of a base.
@Suite struct CompactNodeTests {
    @Test func nodesOfEveryShapeReadBackAsStored() {
        var random = SeededRandom(seed: 8)
        for round in 0..<40 {
            let buffer = NodeBuffer(capacity: 16)
            var expected: [JSONNode] = []
            var start = 0
            for _ in 0..<Int.random(in: 1...3000, using: &random) {
                switch Int.random(in: 0..<110, using: &random) {
                case 100..<110:  // a run of alike nodes: equal (a token written once a block), or stepping on
                    let kind: JSONNode.Kind = [.null, .string, .number, .array][Int.random(in: 0..<4, using: &random)]
                    let step = [0, 0, 1, 3, 17, 40][Int.random(in: 0..<6, using: &random)]
                    let mixed = Bool.random(using: &random)  // every other node a short number
                    for item in 0..<Int.random(in: 1...70, using: &random) {
                        let node =
                            mixed && item % 2 == 1
                            ? JSONNode(kind: .number, start: start, length: 1 + item % 7)
                            : JSONNode(kind: kind, start: start, length: kind == .array ? 0 : 2)
                        #expect(buffer.appendFoldable(node) == expected.count)
                        expected.append(node)
                        start += step
                    }
                case 0..<60:
                    start += Int.random(in: 0...12, using: &random)
                    append(JSONNode(kind: .number, start: start, length: Int.random(in: 1...20, using: &random)))
                case 60..<70:
                    start += Int.random(in: 0...3, using: &random)
                    append(
                        JSONNode(
                            kind: .string, flags: UInt8.random(in: 0...3, using: &random), start: start,
                            length: Int.random(in: 8000...9000, using: &random)))
                case 70..<75:
                    start += Int.random(in: 8000...20000, using: &random)  // a gap past a word's reach
                    append(JSONNode(kind: .true, start: start, length: 4))
                case 75..<80:
                    // points back
                    append(JSONNode(kind: .null, start: Int.random(in: 0...max(0, start), using: &random), length: 4))
                case 80..<90:
                    let kind: JSONNode.Kind = Bool.random(using: &random) ? .array : .object
                    append(JSONNode(kind: kind, start: start, length: 0))
                case 90..<95 where !expected.isEmpty:
                    let index = Int.random(in: 0..<expected.count, using: &random)
                    var node = expected[index]
                    node.size =
                        Bool.random(using: &random)
                        ? Int.random(in: 0..<8192, using: &random)
                        : Int.random(in: 8192...JSONNode.maxValues, using: &random)
                    node.kind = .array
                    if Bool.random(using: &random) {
                        buffer[index] = node
                    } else {
                        buffer.update(index) { $0 = node }
                    }
                    expected[index] = node
                case 95..<98 where !expected.isEmpty:
                    let newCount = Int.random(in: 0...expected.count, using: &random)
                    buffer.truncate(to: newCount)
                    expected.removeSubrange(newCount...)
                default:
                    guard !expected.isEmpty else { continue }
                    let from = Int.random(in: 0..<expected.count, using: &random)
                    let count = Int.random(in: 0...min(40, expected.count - from), using: &random)
                    buffer.appendCopy(from: from, count: count)
                    expected += expected[from..<(from + count)]
                }
            }
            #expect(buffer.count == expected.count, "round \(round)")
            #expect((0..<buffer.count).allSatisfy { buffer[$0] == expected[$0] }, "round \(round)")
            buffer.withNodes { tape in
                #expect(Array(tape) == expected, "round \(round)")
            }

            func append(_ node: JSONNode) {
                #expect(buffer.append(node) == expected.count)
                expected.append(node)
            }
        }
    }

    /// A block of 16 equal scalars appended as repeatable is one word, whether the run starts at
    /// a block's start or not; containers, and runs broken by another node, are not folded.
    @Test func blocksOfEqualScalarsAreOneWord() {
        let buffer = NodeBuffer(capacity: 16)
        let head = JSONNode(kind: .array, start: 0, length: 0)
        let empty = JSONNode(kind: .string, start: 1, length: 2)
        buffer.append(head)
        for _ in 0..<16_000 { buffer.appendFoldable(empty) }
        buffer[0] = JSONNode(kind: .array, start: 0, length: 16_000)
        // The first block holds the head, and the last the 16 000th value alone; the 999 blocks
        // between are a word each. Every block has a base and where its words start; the head's
        // size is past a word's.
        #expect(buffer.byteCount == (16 + 999 + 1) * 4 + 1000 * 8 + MemoryLayout<WideNode>.stride)
        buffer.withNodes { tape in
            #expect(tape[0].size == 16_000 && tape.count == 16_001)
            #expect(tape.dropFirst().allSatisfy { $0 == empty })
        }
        let unfolded = NodeBuffer(capacity: 16)
        for index in 0..<16_000 {
            unfolded.appendFoldable(index % 100 == 99 ? JSONNode(kind: .null, start: 1, length: 4) : empty)
            unfolded.appendFoldable(JSONNode(kind: .array, start: 1, length: 0))
        }
        #expect(unfolded.byteCount == 32_000 * 4 + 2000 * 4)
    }

    /// A block of 16 scalars of one kind and length, each starting less than 256 bytes after
    /// the block's first, is five words (`[a,b,c,…]`); of tokens under 8 bytes, eight
    /// (`[a,1,b,2,…]`); a start 256 bytes or more past the base, a longer token among others,
    /// or a container leaves its block whole.
    @Test func blocksOfSmallScalarsFoldToTheFewestWords() {
        let buffer = NodeBuffer(capacity: 16)
        buffer.append(JSONNode(kind: .array, start: 0, length: 0))
        let letters = (0..<16_000).map { JSONNode(kind: .string, start: 1 + 3 * $0, length: 3) }
        for letter in letters { buffer.appendFoldable(letter) }
        buffer[0] = JSONNode(kind: .array, start: 0, length: 16_000)
        // As for equal nodes, but 5 words a folded block.
        #expect(buffer.byteCount == (16 + 999 * 5 + 1) * 4 + 1000 * 8 + MemoryLayout<WideNode>.stride)
        buffer.withNodes { tape in
            #expect(Array(tape.dropFirst()) == letters)
        }
        // One block of each shape, in turn, 16 nodes each.
        let blocks: [(words: Int, nodes: (Int) -> JSONNode)] = [
            (1, { _ in JSONNode(kind: .null, start: 0, length: 4) }),
            (5, { JSONNode(kind: .string, start: 3 * $0, length: 3) }),
            (
                8,
                {
                    $0 % 2 == 0
                        ? JSONNode(kind: .string, flags: 1, start: 2 * $0, length: 7)
                        : JSONNode(kind: .number, start: 2 * $0, length: 1)
                }
            ),
            (16, { JSONNode(kind: .string, start: 20 * $0, length: 20) }),  // the last starts 300 bytes on
            (16, { JSONNode(kind: .number, start: 9 * $0, length: $0 == 7 ? 9 : 3) }),
            (
                16,
                { $0 == 15 ? JSONNode(kind: .array, start: 0, length: 0) : JSONNode(kind: .null, start: 0, length: 4) }
            ),
        ]
        let shapes = NodeBuffer(capacity: 16)
        var expected: [JSONNode] = []
        for (index, block) in blocks.enumerated() {
            for place in 0..<NodeBuffer.blockSize {
                var node = block.nodes(place)
                node.start += UInt32(1000 * index)
                shapes.appendFoldable(node)
                expected.append(node)
            }
        }
        #expect(shapes.byteCount == blocks.map(\.words).reduce(0, +) * 4 + blocks.count * 8)
        shapes.withNodes { tape in
            #expect(Array(tape) == expected)
        }
    }

    /// A reader that knows a block's containers are closed folds it once they are, with up to
    /// 15 nodes already after it, which move up to the folded words: `[[a],[b],…]`. A block
    /// that is not the last complete one is left whole.
    @Test func aBlockWithClosedContainersFoldsWithTheNodesAfterIt() {
        let buffer = NodeBuffer(capacity: 16)
        var expected: [JSONNode] = []
        func append(_ node: JSONNode) {
            buffer.append(node)
            expected.append(node)
        }
        for item in 0..<8 {  // [[a],[b],…]: 16 nodes
            append(JSONNode(kind: .array, start: 10 * item, length: 1))
            append(JSONNode(kind: .string, start: 10 * item, length: 3))
        }
        for item in 0..<3 { append(JSONNode(kind: .number, start: 100 + item, length: 1)) }
        buffer.foldBlock(0)
        #expect(buffer.byteCount == (8 + 3) * 4 + 8)  // halved, and the block after it started
        for _ in 0..<13 { append(JSONNode(kind: .object, start: 200, length: 0)) }  // [{},{},…]
        for item in 0..<20 { append(JSONNode(kind: .null, start: 300 + 4 * item, length: 4)) }
        buffer.foldBlock(0)  // already folded
        buffer.foldBlock(1)  // not the last complete block: left whole
        buffer.foldBlock(2)  // 16 nulls: stepped, 5 words
        #expect(buffer.byteCount == (8 + 16 + 5 + 4) * 4 + 3 * 8)
        buffer.withNodes { tape in
            #expect(Array(tape) == expected)
        }
    }

    /// A node starting before its block's first is kept in a word when the block can be based
    /// at its start instead (every word before it still in reach): a rebuilt tape pointing at
    /// a token written before its block; one too far back is kept whole.
    @Test func aNodeStartingBeforeItsBlockRebasesIt() {
        let buffer = NodeBuffer(capacity: 16)
        var expected: [JSONNode] = []
        for (start, length) in [(1000, 3), (1010, 1), (900, 2), (1100, 4), (880, 2), (9000, 1), (1200, 9000)] {
            let node = JSONNode(kind: .string, start: start, length: length)
            buffer.append(node)
            expected.append(node)
        }
        // The block is based at 880 in the end; only the long token takes a side-table entry.
        #expect(buffer.byteCount == 7 * 4 + MemoryLayout<WideNode>.stride)
        let far = JSONNode(kind: .number, start: 500, length: 1)  // 9000 would be 8 192 past it or more
        buffer.append(far)
        expected.append(far)
        #expect(buffer.byteCount == 8 * 4 + 2 * MemoryLayout<WideNode>.stride)
        buffer.withNodes { tape in
            #expect(Array(tape) == expected)
        }
    }

    /// The scanner sets a container's size as it closes: in its word up to 8 191 nodes, in the
    /// side table past that; a dense array of small numbers takes a word and a sixteenth a value.
    @Test func theScannerSizesContainersOfAnySizeAndSmallValuesTakeAWord() throws {
        for count in [0, 1, 8190, 8191, 8192, 100_000] {
            let text =
                "{\"a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "],\"b\":[\""
                + String(repeating: "x", count: 9000) + "\"]}"
            let bytes = Array(text.utf8)
            var scanner = JSONScanner()
            let nodes = NodeBuffer()
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try scanner.scanValue(in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: true, into: nodes)
            }
            #expect(nodes.count == count + 6)
            #expect(nodes[0].kind == .object && nodes[0].size == count + 5)
            #expect(nodes[2].kind == .array && nodes[2].size == count)
            #expect(nodes[count + 4].size == 1)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(nodes[count + 5].tokenLength(in: buffer.baseAddress!) == 9002)
                if count > 0 { #expect(nodes[count + 2].start == UInt32(6 + 2 * (count - 1))) }  // the last element
            }
            if count == 100_000 {
                #expect(nodes.byteCount <= (count + 6) * 4 + (count + 6) / 16 * 4 + 4 * MemoryLayout<WideNode>.stride)
            }
        }
    }
}
