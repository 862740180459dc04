/// How a `NodeBuffer` keeps its nodes: one 32-bit word a node, not a `JSONNode`'s 8 bytes, so
/// that a record of very many small values (`[0,0,…]` is 2 bytes of input a value) costs about
/// twice its size in nodes, not four times.
///
/// Nodes come in blocks of 16; a block's base is the start of its first node. A node whose
/// extent (token length or container size) is under 8 192 and which starts less than 8 192
/// bytes after its block's base is one word: bits 0-17 hold its kind, flags and extent as a
/// `JSONNode` packs them, bits 18-30 its start less the base. Any other node (a long string, a
/// big container, a node that points back, as a YAML alias's copy does) is kept whole in a
/// side table, and its word is bit 31 and the entry's index. Readers see `JSONNode`s either way
/// (`NodeTape`), at the same indices, so a container's size still counts nodes.
///
/// A complete block of 16 small scalar nodes (a CSV row's or a YAML sequence's values) may be
/// folded into fewer words (`FoldedBlock`, `NodeCursor+Folding.swift`). From the first folded
/// block on, each block keeps, after its base, where its words start and its shape, and the
/// side table's address is tagged (`foldedTag`) to say so: a tape with no folded block is read
/// as a plain one, with no lookup more.
@usableFromInline
enum CompactNode {
    /// log2 of the nodes in a block.
    @usableFromInline static let blockShift = 4
    /// The bits of a node's index that place it in its block.
    @usableFromInline static let blockMask = (1 << blockShift) - 1
    /// A word that holds a side-table index, not a node.
    @usableFromInline static let wideBit: UInt32 = 1 << 31
    /// Where a word's start delta begins.
    @usableFromInline static let deltaShift: UInt32 = 18
    /// A word's bits that are a `JSONNode`'s packed kind, flags and extent.
    @usableFromInline static let packedMask: UInt32 = (1 << 18) - 1
    /// The bound (exclusive) of a one-word node's extent and start delta.
    static let limit: UInt32 = 1 << 13
    /// A one-word node's extent bits (5-17).
    static let extentBits: UInt32 = packedMask & ~0x1F
    /// Where a block's word start holds its shape (`FoldedBlock`).
    @usableFromInline static let shapeShift: UInt32 = 30
    /// The bits of a block's word start that are the index of its first word.
    @usableFromInline static let wordStartMask: UInt32 = (1 << shapeShift) - 1
    /// The bit of a tape's side-table address that says its blocks keep their word starts
    /// (some block is folded).
    @usableFromInline static let foldedTag: UInt = 1

    /// The one word that holds `node` in a block based at `base`, or nil when it needs a side
    /// table entry.
    @inline(__always)
    static func word(for node: JSONNode, base: UInt32) -> UInt32? {
        let delta = node.start &- base
        guard delta | node.packed >> 5 < limit else { return nil }  // both under the limit
        return node.packed | delta << deltaShift
    }

    /// The node a word holds, in a block whose base is `bases[baseSlot]`.
    @inlinable @inline(__always)
    static func node(_ word: UInt32, baseSlot: Int, bases: UnsafePointer<UInt32>, wide: UInt) -> JSONNode {
        if word & wideBit == 0 {
            return JSONNode(start: bases[baseSlot] &+ (word &>> deltaShift), packed: word & packedMask)
        }
        return sideTable(wide)[Int(word & ~wideBit)].node
    }

    /// The side table a tape's tagged address points at.
    @inlinable @inline(__always)
    static func sideTable(_ wide: UInt) -> UnsafePointer<WideNode> {
        UnsafePointer(bitPattern: wide & ~foldedTag).unsafelyUnwrapped
    }

    /// The word of node `index` in blocks that keep their word starts (some block is folded).
    @inlinable @inline(__always)
    static func foldedWord(at index: Int, words: UnsafePointer<UInt32>, bases: UnsafePointer<UInt32>) -> UInt32 {
        let start = bases[((index &>> blockShift) &<< 1) &+ 1]
        let first = words + Int(start & wordStartMask)
        let place = index & blockMask
        switch start &>> shapeShift {
        case FoldedBlock.whole.rawValue:
            return first[place]
        case FoldedBlock.repeated.rawValue:
            return first[0]
        case FoldedBlock.stepped.rawValue:
            return first[0] | UInt32(UnsafeRawPointer(first + 1).load(fromByteOffset: place, as: UInt8.self))
                &<< deltaShift
        default:
            return FoldedBlock.word(
                ofHalf: UInt16(littleEndian: UnsafeRawPointer(first).load(fromByteOffset: place &<< 1, as: UInt16.self))
            )
        }
    }
}

/// How a block of a tape with folded blocks keeps its 16 nodes' words (`NodeCursor+Folding`).
@usableFromInline
enum FoldedBlock: UInt32 {
    /// 16 words, one a node (any block).
    case whole
    /// 5 words: the nodes' word less its start, then each node's start less the base in a
    /// byte (16 scalars of one kind, flags and length, each starting less than 256 bytes after
    /// the base: `[a,b,c,…]`).
    case stepped
    /// 1 word, every node's (16 equal scalars: a token written once a block, `RecentTokens`).
    case repeated
    /// 8 words: each node's word in 16 bits, its kind, flags and length in the low byte and its
    /// start less the base in the high one (16 scalars of tokens under 8 bytes, each starting
    /// less than 256 bytes after the base: `[a,1,b,2,…]`).
    case halved

    /// The words such a block keeps.
    var keptWords: Int {
        switch self {
        case .whole: 16
        case .stepped: 5
        case .repeated: 1
        case .halved: 8
        }
    }

    /// A block's word start: its first word's index, and its shape.
    static func start(_ first: Int, _ shape: FoldedBlock) -> UInt32 {
        UInt32(truncatingIfNeeded: first) | shape.rawValue << CompactNode.shapeShift
    }

    /// The shape a block's word start gives.
    static func shape(of start: UInt32) -> FoldedBlock {
        FoldedBlock(rawValue: start >> CompactNode.shapeShift).unsafelyUnwrapped
    }

    /// A node's word kept in 16 bits, in a halved block.
    static func half(of word: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: word & 0xFF | (word >> CompactNode.deltaShift) << 8)
    }

    /// The node's word a halved block's 16 bits hold.
    @inlinable @inline(__always)
    static func word(ofHalf half: UInt16) -> UInt32 {
        UInt32(half & 0xFF) | UInt32(half &>> 8) &<< CompactNode.deltaShift
    }
}

/// A node kept whole in a `NodeBuffer`'s side table, and the index of the node it is (so that
/// dropping the tape's last nodes drops their entries).
@usableFromInline
struct WideNode {
    @usableFromInline var node: JSONNode
    let owner: UInt32

    init(node: JSONNode, owner: Int) {
        self.node = node
        self.owner = UInt32(truncatingIfNeeded: owner)
    }
}

/// A read-only view of a `NodeBuffer`'s nodes (`withNodes`), valid inside that call: node `i`
/// is `tape[i]`.
public struct NodeTape: RandomAccessCollection, JSONNodeSource {
    @usableFromInline let words: UnsafePointer<UInt32>
    /// Each block's base; with `wide` tagged, each block's base and then where its words start.
    @usableFromInline let bases: UnsafePointer<UInt32>
    /// The side table's address, with `CompactNode.foldedTag` set when some block is folded (a
    /// fifth stored property, read on every lookup, would make every tape slower to read).
    @usableFromInline let wide: UInt
    /// The number of nodes.
    public let count: Int

    init(
        words: UnsafePointer<UInt32>, bases: UnsafePointer<UInt32>, wide: UnsafePointer<WideNode>, folded: Bool,
        count: Int
    ) {
        self.words = words
        self.bases = bases
        self.wide = UInt(bitPattern: wide) | (folded ? CompactNode.foldedTag : 0)
        self.count = count
    }

    /// A tape of no nodes (a placeholder until a record's tape is set; nothing is read from it).
    public static var empty: NodeTape {
        NodeTape(
            words: UnsafePointer(bitPattern: 16)!, bases: UnsafePointer(bitPattern: 16)!,
            wide: UnsafePointer(bitPattern: 16)!, folded: false, count: 0)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of nodes.
    public var endIndex: Int { count }

    /// The node at `index` (not bounds-checked, as a pointer's subscript is not).
    @inlinable @inline(__always)
    public subscript(index: Int) -> JSONNode {
        if wide & CompactNode.foldedTag == 0 {
            return CompactNode.node(words[index], baseSlot: index &>> CompactNode.blockShift, bases: bases, wide: wide)
        }
        return foldedNode(at: index)
    }

    /// The node at `index` of a tape with folded blocks: not inlined, so that every caller's
    /// code stays small (a larger lookup inlined into the decoder makes it copy its walker,
    /// which slows decoding).
    @usableFromInline @inline(never)
    func foldedNode(at index: Int) -> JSONNode {
        let word = CompactNode.foldedWord(at: index, words: words, bases: bases)
        return CompactNode.node(word, baseSlot: (index &>> CompactNode.blockShift) &<< 1, bases: bases, wide: wide)
    }

    /// The node at `index`, its lookup inlined even on a tape with folded blocks: for a loop
    /// that reads little else, as sorting a huge object's keys by their names does (calling
    /// `foldedNode` would be a large share of its time).
    @inline(__always)
    func inlinedNode(at index: Int) -> JSONNode {
        guard wide & CompactNode.foldedTag != 0 else { return self[index] }
        let word = CompactNode.foldedWord(at: index, words: words, bases: bases)
        return CompactNode.node(word, baseSlot: (index &>> CompactNode.blockShift) &<< 1, bases: bases, wide: wide)
    }

    /// The node at `index` (a `JSONNodeSource`).
    @inlinable @inline(__always)
    public func node(at index: Int) -> JSONNode { self[index] }
}
