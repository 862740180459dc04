/// One input offset a node, kept in about a byte a node: each node's offset less the one
/// before it, when that is under 255, and every 64th node's whole. A YAML flow sequence of
/// single digits (`[0,0,…]`, 2 bytes a value) costs 1.06 bytes a value here, not 4. Finding
/// one offset adds up to 63 steps; `offset(ofNode:after:)` takes one step from the node before.
///
/// A node that lies 255 bytes or more after the node before it, or before it (a YAML alias's
/// copy points back at its anchor), has its whole offset kept apart; at most one such node
/// comes per 255 bytes of input read in order. Offsets are absolute, modulo 2^32, as
/// `NodeSourceMap` keeps them.
public struct NodeOffsets: Sendable {
    /// Every this many nodes, an offset is kept whole.
    static let blockSize = 64
    private static let apart: UInt8 = 255

    /// Each block's first offset.
    private var bases: [UInt32] = []
    /// Each node's offset less the node before's (0 for a block's first), or `apart`.
    private var steps: [UInt8] = []
    /// The nodes whose offset is kept apart, in node order, and their offsets.
    private var apartNodes: [Int32] = []
    private var apartOffsets: [UInt32] = []
    /// The last offset appended.
    private var last: UInt32 = 0

    /// No offsets, with room for `capacity`.
    public init(capacity: Int = 0) {
        steps.reserveCapacity(capacity)
        bases.reserveCapacity(capacity / Self.blockSize + 1)
    }

    /// The number of offsets.
    public var count: Int { steps.count }

    /// The bytes the offsets take.
    public var byteCount: Int { steps.count + (bases.count + apartNodes.count + apartOffsets.count) * 4 }

    /// Appends the next node's offset.
    public mutating func append(_ offset: UInt32) {
        let index = steps.count
        if index % Self.blockSize == 0 {
            bases.append(offset)
            steps.append(0)
        } else {
            let step = offset &- last
            if step < UInt32(Self.apart) {
                steps.append(UInt8(truncatingIfNeeded: step))
            } else {
                steps.append(Self.apart)
                apartNodes.append(Int32(truncatingIfNeeded: index))
                apartOffsets.append(offset)
            }
        }
        last = offset
    }

    /// Drops the offsets from `newCount` on.
    public mutating func truncate(to newCount: Int) {
        guard newCount < steps.count else { return }
        steps.removeSubrange(newCount...)
        bases.removeSubrange(((newCount + Self.blockSize - 1) / Self.blockSize)...)
        while let node = apartNodes.last, Int(node) >= newCount {
            apartNodes.removeLast()
            apartOffsets.removeLast()
        }
        if newCount > 0 { last = self[newCount - 1] }
    }

    /// The offset of node `index`: its block's base and the steps after it.
    public subscript(index: Int) -> UInt32 {
        let first = index - index % Self.blockSize
        var offset = bases[index / Self.blockSize]
        var node = first + 1
        while node <= index {
            let step = steps[node]
            offset = step == Self.apart ? apartOffset(ofNode: node) : offset &+ UInt32(step)
            node += 1
        }
        return offset
    }

    /// The offset of node `index`, given the offset of a node before it (one step when that
    /// node is the one just before, in the same block).
    public func offset(ofNode index: Int, after previous: (index: Int, offset: UInt32)) -> UInt32 {
        guard index == previous.index + 1, index % Self.blockSize != 0 else { return self[index] }
        let step = steps[index]
        return step == Self.apart ? apartOffset(ofNode: index) : previous.offset &+ UInt32(step)
    }

    /// The offset kept apart for `node` (a binary search).
    private func apartOffset(ofNode node: Int) -> UInt32 {
        var low = 0
        var high = apartNodes.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(apartNodes[middle]) < node { low = middle + 1 } else { high = middle }
        }
        return apartOffsets[low]
    }
}
