/// A set of a record's node indices, a bit each from the record's root on: however many nodes it
/// holds, it takes an eighth of a byte per node of the record, where a `Set<Int>` would take
/// dozens of bytes per node held (dropping `a[].x` from a million members).
public struct NodeSet {
    /// The first node index it can hold.
    public let base: Int
    private var words: [UInt64] = []
    /// Whether it holds no node.
    public private(set) var isEmpty = true

    /// An empty set of node indices from `base` on.
    public init(from base: Int = 0) {
        self.base = base
    }

    /// Adds `node` (at `base` or after it).
    public mutating func insert(_ node: Int) {
        precondition(node >= base, "node \(node) before the set's base \(base)")
        let offset = node - base
        let word = offset >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << UInt64(offset & 63)
        isEmpty = false
    }

    /// Whether it holds `node`.
    public func contains(_ node: Int) -> Bool {
        let offset = node - base
        guard offset >= 0, offset >> 6 < words.count else { return false }
        return words[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    /// Whether it holds any node in `range`.
    public func any(in range: Range<Int>) -> Bool {
        let low = max(range.lowerBound - base, 0)
        let high = min(range.upperBound - base, words.count << 6)  // one past the last
        guard low < high else { return false }
        for word in (low >> 6)...((high - 1) >> 6) {
            var bits = words[word]
            if word == low >> 6 { bits &= ~0 << UInt64(low & 63) }
            if word == (high - 1) >> 6 && (high & 63) != 0 { bits &= (1 << UInt64(high & 63)) - 1 }
            if bits != 0 { return true }
        }
        return false
    }

    /// The nodes it holds, in order.
    public var sorted: [Int] {
        var nodes: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { nodes.append(base + (index << 6) + bit) }
        }
        return nodes
    }
}
