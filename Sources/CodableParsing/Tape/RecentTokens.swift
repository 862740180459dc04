/// The short tokens written for the nodes of one block of a `NodeBuffer`, so that a node whose
/// token equals one of them points at it instead of keeping a copy: a record of many equal
/// small values (`[0,0,…]`, a CSV row of empty cells) then writes one token a block, not one
/// a value. Only tokens of the node's own block are pointed at: a node that pointed back past
/// its block's first node would move its block's base back, or take a side-table entry
/// (`CompactNode`).
public struct RecentTokens {
    /// Where each token starts and how long it is (`count` of them; slot `next` is written
    /// next, over the oldest once all are taken). Kept inline: this is asked once a value.
    private var starts: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var lengths: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    private var next = 0
    /// The block the tokens were written for.
    private var block = -1
    /// A token longer than this is always kept as written.
    public static let shortLength = 16

    /// No tokens yet.
    public init() {}

    /// Forgets every token (nodes were dropped, and the block may now start elsewhere).
    public mutating func forget() {
        lengths = (-1, -1, -1, -1)
        block = -1
    }

    /// The start of the token for node `index`, whose token was just written at `start`
    /// (`length` bytes of `bytes`): an equal token written earlier for a node of the same block,
    /// whose start the node should take instead (and the caller drops the bytes written at
    /// `start`), or `start` itself, remembered for the nodes after it.
    @inline(__always)
    public mutating func start(
        ofTokenWrittenAt start: Int, length: Int, forNode index: Int, in bytes: UnsafePointer<UInt8>
    ) -> Int {
        let nodeBlock = index / NodeBuffer.blockSize
        if nodeBlock != block {
            lengths = (-1, -1, -1, -1)
            block = nodeBlock
        }
        guard length <= Self.shortLength else { return start }
        let written = bytes + start
        if lengths.0 == length && Self.equal(bytes + starts.0, written, length) { return starts.0 }
        if lengths.1 == length && Self.equal(bytes + starts.1, written, length) { return starts.1 }
        if lengths.2 == length && Self.equal(bytes + starts.2, written, length) { return starts.2 }
        if lengths.3 == length && Self.equal(bytes + starts.3, written, length) { return starts.3 }
        switch next {
        case 0: (starts.0, lengths.0) = (start, length)
        case 1: (starts.1, lengths.1) = (start, length)
        case 2: (starts.2, lengths.2) = (start, length)
        default: (starts.3, lengths.3) = (start, length)
        }
        next = (next + 1) & 3
        return start
    }

    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            if a[index] != b[index] { return false }
            index &+= 1
        }
        return true
    }
}
