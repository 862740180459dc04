/// JSON text to write in place of some nodes of one record (its dates re-encoded, say), by node
/// number.
///
/// Every text goes into one buffer, with its node and end in eight bytes and, past a few, a table
/// entry of eight more: with an array and a dictionary entry each, the 300 000 dates of one
/// record's array, re-encoded, took 5.7 times the record's size.
public struct NodeReplacements: ExpressibleByDictionaryLiteral, Sendable {
    /// Each text set, in order: its node (high 32 bits) and where it ends in `texts` (low 32).
    private var entries: [UInt64] = []
    private var texts: [UInt8] = []
    /// Each replaced node's latest entry, once there are more than `scannedEntries` (fewer are
    /// looked through: most records have a date or two, and a table was one more allocation each).
    private var places: [Int32: UInt32] = [:]
    private static let scannedEntries = 16
    /// The lowest and highest node replaced (`Int.max` and `Int.min` when none is), for a writer
    /// to tell quickly that a node is not.
    public private(set) var lowestNode = Int.max
    public private(set) var highestNode = Int.min

    /// No replacements.
    public init() {}

    /// The replacements `elements` (node, text).
    public init(dictionaryLiteral elements: (Int, [UInt8])...) {
        for (node, text) in elements { replace(node, with: text) }
    }

    /// Makes room for `count` replacements of `textBytes` bytes in all, so that the table and the
    /// text are not grown (and held twice while copied) as they are set. Room never written takes
    /// no memory.
    public mutating func reserveCapacity(_ count: Int, textBytes: Int) {
        entries.reserveCapacity(count)
        if count > Self.scannedEntries { places.reserveCapacity(count) }
        texts.reserveCapacity(textBytes)
    }

    /// Whether no node is replaced.
    public var isEmpty: Bool { entries.isEmpty }

    /// The number of nodes replaced.
    public var count: Int { entries.count > Self.scannedEntries ? places.count : Set(entries.map { $0 >> 32 }).count }

    /// The nodes replaced, in order.
    public var nodes: [Int] { Set(entries.map { Int(Int32(truncatingIfNeeded: $0 >> 32)) }).sorted() }

    /// The text that replaces `node`, or nil.
    @inline(__always)
    public subscript(node: Int) -> ArraySlice<UInt8>? {
        guard node >= lowestNode && node <= highestNode, let place = place(of: Int32(truncatingIfNeeded: node)) else { return nil }
        let start = place == 0 ? 0 : Int(UInt32(truncatingIfNeeded: entries[place - 1]))
        return texts[start..<Int(UInt32(truncatingIfNeeded: entries[place]))]
    }

    /// The latest entry of `node`, or nil.
    private func place(of node: Int32) -> Int? {
        if entries.count > Self.scannedEntries { return places[node].map { Int($0) } }
        let wanted = UInt64(UInt32(bitPattern: node))
        return entries.lastIndex { $0 >> 32 == wanted }
    }

    /// Writes `text` in place of `node` (instead of any text set for it before).
    public mutating func replace(_ node: Int, with text: some Collection<UInt8>) {
        texts.append(contentsOf: text)
        endText(of: node)
    }

    /// Writes the text `write` appends to the buffer it is given in place of `node` (instead of
    /// any text set for it before): made where it is kept, not copied there. When `write`
    /// throws, nothing is replaced.
    public mutating func replace<Failure: Error>(_ node: Int, writing write: (inout [UInt8]) throws(Failure) -> Void) throws(Failure) {
        let start = texts.count
        do {
            try write(&texts)
        } catch {
            texts.removeSubrange(start...)
            throw error
        }
        endText(of: node)
    }

    /// Records that the text at the end of `texts` replaces `node`.
    private mutating func endText(of node: Int) {
        let key = Int32(truncatingIfNeeded: node)
        entries.append(UInt64(UInt32(bitPattern: key)) << 32 | UInt64(UInt32(truncatingIfNeeded: texts.count)))
        if entries.count > Self.scannedEntries {
            if places.isEmpty {  // from now on, a table
                for (place, entry) in entries.enumerated() { places[Int32(truncatingIfNeeded: entry >> 32)] = UInt32(place) }
            } else {
                places[key] = UInt32(truncatingIfNeeded: entries.count - 1)
            }
        }
        lowestNode = min(lowestNode, node)
        highestNode = max(highestNode, node)
    }
}
