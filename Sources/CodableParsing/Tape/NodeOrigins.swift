/// The source node each node of a rebuilt tape stands for (`TapeBuilder`: a transform's
/// output, whose nodes are placed where their source nodes were), kept as runs: nodes that
/// stand for consecutive source nodes (a copied value, a record with one member dropped) share
/// one entry, 8 bytes a run, not 4 bytes a node. A rebuilt record of a million values takes a
/// few runs.
public struct NodeOrigins: Sendable, Sequence {
    /// Each run's first node, in order.
    private var runNodes: [Int32] = []
    /// The source node each run's first node stands for; the nodes after it stand for the
    /// source nodes after that.
    private var runOrigins: [Int32] = []
    /// Number of nodes.
    public private(set) var count = 0

    /// No nodes.
    public init() {}

    /// The bytes the runs take.
    public var byteCount: Int { runNodes.count * 2 * MemoryLayout<Int32>.stride }

    /// Appends the next node, standing for source node `origin`.
    public mutating func append(_ origin: Int) {
        let origin = Int32(truncatingIfNeeded: origin)
        defer { count += 1 }
        if let first = runNodes.last, let firstOrigin = runOrigins.last,
            origin == firstOrigin &+ Int32(truncatingIfNeeded: count) &- first
        {
            return  // the run goes on
        }
        runNodes.append(Int32(truncatingIfNeeded: count))
        runOrigins.append(origin)
    }

    /// The source node node `index` stands for.
    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count, "node index out of range")
        var low = 0
        var high = runNodes.count - 1
        while low < high {  // the last run starting at or before `index`
            let middle = (low + high + 1) / 2
            if Int(runNodes[middle]) <= index { low = middle } else { high = middle - 1 }
        }
        return Int(runOrigins[low]) + index - Int(runNodes[low])
    }

    /// The source nodes, in node order, a step each.
    public func makeIterator() -> Iterator {
        Iterator(origins: self)
    }

    /// Steps through the origins of a `NodeOrigins`, run by run.
    public struct Iterator: IteratorProtocol {
        private let origins: NodeOrigins
        private var node = 0
        private var run = -1

        init(origins: NodeOrigins) {
            self.origins = origins
        }

        /// The next node's source node.
        public mutating func next() -> Int? {
            guard node < origins.count else { return nil }
            if run + 1 < origins.runNodes.count, Int(origins.runNodes[run + 1]) == node { run += 1 }
            defer { node += 1 }
            return Int(origins.runOrigins[run]) + node - Int(origins.runNodes[run])
        }
    }
}
