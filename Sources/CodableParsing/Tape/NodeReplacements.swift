/// JSON text to write in place of some nodes of one record (its dates re-encoded, say), by node
/// number.
///
/// Every text goes into one buffer, with its node and end in eight bytes: an array and a
/// dictionary entry each would hold a record of very many re-encoded dates several times over.
/// Texts set in node order (a rule's matches are) are found by a binary search; only when set
/// out of order, past a few, does a table find them, eight bytes more each.
public struct NodeReplacements: ExpressibleByDictionaryLiteral, Sendable {
    /// Each text set, in order: its node (high 32 bits) and where it ends in `texts` (low 32).
    private var entries: [UInt64] = []
    private var texts: [UInt8] = []
    /// Whether every text was set for a node after the one before (`entries` sorted by node).
    private var ascending = true
    /// Each replaced node's latest entry, once texts were set out of node order and there are
    /// more than `scannedEntries` (fewer are looked through).
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

    /// Makes room for `count` replacements of `textBytes` bytes in all, so that the entries and
    /// the text are not grown (and held twice while copied) as they are set. Room never written
    /// takes no memory.
    public mutating func reserveCapacity(_ count: Int, textBytes: Int) {
        entries.reserveCapacity(count)
        texts.reserveCapacity(textBytes)
    }

    /// Forgets every replacement, keeping the room made for them when it is small: a writer
    /// reuses one for every record rather than making two arrays a record.
    public mutating func removeAll() {
        let keeps = texts.capacity <= Self.keptTextBytes
        entries.removeAll(keepingCapacity: keeps)
        texts.removeAll(keepingCapacity: keeps)
        if !places.isEmpty { places = [:] }
        ascending = true
        lowestNode = Int.max
        highestNode = Int.min
    }

    /// The most room for texts `removeAll()` keeps (a huge record's is let go).
    private static let keptTextBytes = 1 << 16

    /// Whether no node is replaced.
    public var isEmpty: Bool { entries.isEmpty }

    /// The number of nodes replaced.
    public var count: Int {
        if ascending { return entries.count }
        return places.isEmpty ? Set(entries.map { $0 >> 32 }).count : places.count
    }

    /// The nodes replaced, in order.
    public var nodes: [Int] { Set(entries.map { Int(Int32(truncatingIfNeeded: $0 >> 32)) }).sorted() }

    /// The text that replaces `node`, or nil.
    @inline(__always)
    public subscript(node: Int) -> ArraySlice<UInt8>? {
        guard node >= lowestNode && node <= highestNode, let place = place(of: Int32(truncatingIfNeeded: node)) else {
            return nil
        }
        let start = place == 0 ? 0 : Int(UInt32(truncatingIfNeeded: entries[place - 1]))
        return texts[start..<Int(UInt32(truncatingIfNeeded: entries[place]))]
    }

    /// The latest entry of `node`, or nil.
    private func place(of node: Int32) -> Int? {
        let wanted = UInt64(UInt32(bitPattern: node))
        if ascending {
            var low = 0
            var high = entries.count
            while low < high {  // the first entry at or after `node`
                let middle = (low + high) / 2
                if entries[middle] >> 32 < wanted { low = middle + 1 } else { high = middle }
            }
            return low < entries.count && entries[low] >> 32 == wanted ? low : nil
        }
        if places.isEmpty { return entries.lastIndex { $0 >> 32 == wanted } }
        return places[node].map { Int($0) }
    }

    /// Writes `text` in place of `node` (instead of any text set for it before).
    public mutating func replace(_ node: Int, with text: some Collection<UInt8>) {
        texts.append(contentsOf: text)
        endText(of: node)
    }

    /// Writes the text `write` appends to the buffer it is given in place of `node` (instead of
    /// any text set for it before): made where it is kept, not copied there. When `write`
    /// throws, nothing is replaced.
    public mutating func replace<Failure: Error>(_ node: Int, writing write: (inout [UInt8]) throws(Failure) -> Void)
        throws(Failure)
    {
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
        if ascending, let last = entries.last, UInt32(truncatingIfNeeded: last >> 32) >= UInt32(bitPattern: key) {
            ascending = false
        }
        entries.append(UInt64(UInt32(bitPattern: key)) << 32 | UInt64(UInt32(truncatingIfNeeded: texts.count)))
        if !ascending && entries.count > Self.scannedEntries {
            if places.isEmpty {  // from now on, a table, with room for as many as the entries have
                places.reserveCapacity(entries.capacity)
                for (place, entry) in entries.enumerated() {
                    places[Int32(truncatingIfNeeded: entry >> 32)] = UInt32(place)
                }
            } else {
                places[key] = UInt32(truncatingIfNeeded: entries.count - 1)
            }
        }
        lowestNode = min(lowestNode, node)
        highestNode = max(highestNode, node)
    }
}
