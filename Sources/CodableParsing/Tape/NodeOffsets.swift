/// One input offset a node, kept in about a byte a node, or less: each node's offset less the
/// one before it, when that is under 255, and every 64th node's whole. A YAML flow sequence of
/// single digits (`[0,0,…]`, 2 bytes a value) costs about a tenth of a byte a value here, not 4.
/// Finding one offset adds up to 63 steps; `offset(ofNode:after:)` takes one step from the node
/// before.
///
/// A node that lies 255 bytes or more after the node before it, or before it (a YAML alias's
/// copy points back at its anchor), has its whole offset kept apart; at most one such node
/// comes per 255 bytes of input read in order. A complete block of 64 with no such node keeps
/// its steps in fewer bytes (`StepShape`): one, when they are all equal; 32, when each is under
/// 16. Offsets are absolute, modulo 2^32, as `NodeSourceMap` keeps them.
public struct NodeOffsets: Sendable {
    /// Every this many nodes, an offset is kept whole.
    static let blockSize = 64
    private static let apart: UInt8 = 255

    /// How a block keeps its steps, from where they start in `steps`.
    private enum StepShape: UInt8 {
        /// A byte a node (0 for the first), or `apart`: the last block, and any with a step of
        /// 16 or more or kept apart.
        case whole
        /// Half a byte a node, the first's 0 (each step under 16).
        case halved
        /// One byte: the step between every two nodes.
        case equal
    }

    /// Each block's first offset.
    private var bases: [UInt32] = []
    /// Where each block's steps start in `steps`, and how they are kept.
    private var starts: [UInt32] = []
    private var shapes: [StepShape] = []
    /// Each block's steps: each node's offset less the node before's, as its shape keeps them.
    private var steps: [UInt8] = []
    /// The nodes whose offset is kept apart, in node order, and their offsets.
    private var apartNodes: [Int32] = []
    private var apartOffsets: [UInt32] = []
    /// The last offset appended.
    private var last: UInt32 = 0

    /// The number of offsets.
    public private(set) var count = 0

    /// No offsets, with room for `capacity`.
    public init(capacity: Int = 0) {
        steps.reserveCapacity(capacity)
        bases.reserveCapacity(capacity / Self.blockSize + 1)
        starts.reserveCapacity(capacity / Self.blockSize + 1)
        shapes.reserveCapacity(capacity / Self.blockSize + 1)
    }

    /// The bytes the offsets take.
    public var byteCount: Int {
        steps.count + shapes.count + (bases.count + starts.count + apartNodes.count + apartOffsets.count) * 4
    }

    /// Appends the next node's offset.
    public mutating func append(_ offset: UInt32) {
        let index = count
        if index % Self.blockSize == 0 {
            if index > 0 { packLastBlock() }
            bases.append(offset)
            starts.append(UInt32(truncatingIfNeeded: steps.count))
            shapes.append(.whole)
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
        count += 1
    }

    /// Keeps the steps of the last block, complete and stored whole, in fewer bytes when they are
    /// all equal or all under 16 (and none is kept apart).
    private mutating func packLastBlock() {
        let block = bases.count - 1
        let first = Int(starts[block])
        guard shapes[block] == .whole, steps.count == first + Self.blockSize else { return }
        let step = steps[first + 1]
        var equal = true
        var small = true
        for position in (first + 1)..<(first + Self.blockSize) {
            let value = steps[position]
            equal = equal && value == step
            small = small && value < 16
        }
        guard step != Self.apart, equal || small else { return }
        if equal {
            steps[first] = step
            steps.removeLast(Self.blockSize - 1)
            shapes[block] = .equal
        } else {
            // Byte k takes steps 2k and 2k + 1, both read before it is written (k <= 2k).
            for pair in 0..<(Self.blockSize / 2) {
                steps[first + pair] = steps[first + 2 * pair] | steps[first + 2 * pair + 1] << 4
            }
            steps.removeLast(Self.blockSize / 2)
            shapes[block] = .halved
        }
    }

    /// Drops the offsets from `newCount` on.
    public mutating func truncate(to newCount: Int) {
        guard newCount < count else { return }
        let block = newCount / Self.blockSize
        let kept = (block * Self.blockSize..<newCount).map { self[$0] }  // its block's, stored again
        steps.removeSubrange(Int(starts[block])...)
        bases.removeSubrange(block...)
        starts.removeSubrange(block...)
        shapes.removeSubrange(block...)
        while let node = apartNodes.last, Int(node) >= block * Self.blockSize {
            apartNodes.removeLast()
            apartOffsets.removeLast()
        }
        count = block * Self.blockSize
        for offset in kept { append(offset) }
    }

    /// The offset of node `index`: its block's base and the steps after it.
    public subscript(index: Int) -> UInt32 {
        let block = index / Self.blockSize
        let position = index % Self.blockSize
        let base = bases[block]
        if shapes[block] == .equal { return base &+ UInt32(steps[Int(starts[block])]) &* UInt32(position) }
        var offset = base
        for node in stride(from: index - position + 1, through: index, by: 1) {
            offset = self.offset(ofNode: node, stepFrom: offset)
        }
        return offset
    }

    /// The offset of node `index`, given the offset of a node before it (one step when that
    /// node is the one just before, in the same block).
    public func offset(ofNode index: Int, after previous: (index: Int, offset: UInt32)) -> UInt32 {
        guard index == previous.index + 1, index % Self.blockSize != 0 else { return self[index] }
        return offset(ofNode: index, stepFrom: previous.offset)
    }

    /// The offset of node `index` (not a block's first), the offset of the node before it being
    /// `previous`: one step, as its block's shape keeps it.
    private func offset(ofNode index: Int, stepFrom previous: UInt32) -> UInt32 {
        let block = index / Self.blockSize
        let position = index % Self.blockSize
        let first = Int(starts[block])
        switch shapes[block] {
        case .equal:
            return previous &+ UInt32(steps[first])
        case .halved:
            return previous &+ UInt32(steps[first + position / 2] >> (4 * UInt8(position % 2)) & 0xF)
        case .whole:
            let step = steps[first + position]
            return step == Self.apart ? apartOffset(ofNode: index) : previous &+ UInt32(step)
        }
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
