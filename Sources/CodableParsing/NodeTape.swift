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
@usableFromInline
enum CompactNode {
    /// log2 of the nodes in a block.
    @usableFromInline static let blockShift = 4
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

    /// The one word that holds `node` in a block based at `base`, or nil when it needs a side
    /// table entry.
    @inline(__always)
    static func word(for node: JSONNode, base: UInt32) -> UInt32? {
        let delta = node.start &- base
        guard delta | node.packed >> 5 < limit else { return nil }  // both under the limit
        return node.packed | delta << deltaShift
    }

    /// The node a word holds.
    @inlinable @inline(__always)
    static func node(_ word: UInt32, at index: Int, bases: UnsafePointer<UInt32>, wide: UnsafePointer<WideNode>) -> JSONNode {
        if word & wideBit == 0 {
            return JSONNode(start: bases[index &>> blockShift] &+ (word &>> deltaShift), packed: word & packedMask)
        }
        return wide[Int(word & ~wideBit)].node
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
    @usableFromInline let bases: UnsafePointer<UInt32>
    @usableFromInline let wide: UnsafePointer<WideNode>
    /// The number of nodes.
    public let count: Int

    init(words: UnsafePointer<UInt32>, bases: UnsafePointer<UInt32>, wide: UnsafePointer<WideNode>, count: Int) {
        self.words = words
        self.bases = bases
        self.wide = wide
        self.count = count
    }

    /// A tape of no nodes (a placeholder until a record's tape is set; nothing is read from it).
    public static var empty: NodeTape {
        NodeTape(words: UnsafePointer(bitPattern: 16)!, bases: UnsafePointer(bitPattern: 16)!, wide: UnsafePointer(bitPattern: 16)!, count: 0)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of nodes.
    public var endIndex: Int { count }

    /// The node at `index` (not bounds-checked, as a pointer's subscript is not).
    @inlinable @inline(__always)
    public subscript(index: Int) -> JSONNode {
        CompactNode.node(words[index], at: index, bases: bases, wide: wide)
    }

    /// The node at `index` (a `JSONNodeSource`).
    @inlinable @inline(__always)
    public func node(at index: Int) -> JSONNode { self[index] }
}
