import Testing

@testable import CodableParsing

/// The JSON scanner folds a value's blocks of alike scalars past its first
/// `nodesBeforeFolding` nodes, every so many nodes, as its buffer's room runs out: the nodes
/// read back the same as a scan that folds nothing, whatever the values, and a dense array
/// takes under 2 bytes a value.
@Suite struct ScannerFoldingTests {
    /// Never folds: added to a node count, it is never reached.
    static let never = 1 << 50

    /// Scans `texts` one after another into one buffer, each folded past `threshold` nodes.
    static func scan(_ texts: [String], threshold: Int) throws -> NodeBuffer {
        var scanner = JSONScanner(nodesBeforeFolding: threshold)
        let nodes = NodeBuffer(capacity: 16)
        for text in texts {
            let bytes = Array(text.utf8)
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try scanner.scanValue(in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: true, into: nodes)
            }
        }
        return nodes
    }

    /// An array of runs of alike scalars (which fold), random values and containers (which do
    /// not), and now and then a string of 8 KiB or more (a side-table node).
    static func document(using generator: inout SeededRandom) -> String {
        let alike = ["0", "7", "true", "null", "\"a\"", "12", "-3.5", "\"\""]
        var elements: [String] = []
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let token = alike.randomElement(using: &generator)!
                elements += Array(repeating: token, count: Int.random(in: 1...70, using: &generator))
            case 5..<7:
                let tokens = alike.shuffled(using: &generator).prefix(3)
                elements += (0..<Int.random(in: 1...70, using: &generator)).map {
                    tokens[tokens.startIndex + $0 % tokens.count]
                }
            case 7:
                elements.append(
                    "[" + Array(repeating: "1", count: Int.random(in: 0...40, using: &generator)).joined(separator: ",")
                        + "]")
            case 8:
                elements.append(
                    "\"" + String(repeating: "x", count: Int.random(in: 250...9000, using: &generator)) + "\"")
            default:
                elements.append(RandomJSON.document(using: &generator))
            }
        }
        return "[" + elements.joined(separator: Bool.random(using: &generator) ? "," : " ,\n ") + "]"
    }

    @Test func foldedNodesReadBackAsScannedWhole() throws {
        var generator = SeededRandom(seed: 8)
        var folded = 0
        for _ in 0..<150 {
            let texts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.document(using: &generator) }
            let whole = try Self.scan(texts, threshold: Self.never)
            let expected = whole.withNodes { Array($0) }
            for threshold in [1, 16, 23, 100] {
                let nodes = try Self.scan(texts, threshold: threshold)
                let actual = nodes.withNodes { Array($0) }
                #expect(actual == expected, "threshold \(threshold): \(texts)")
                if nodes.byteCount < whole.byteCount { folded += 1 }
            }
        }
        #expect(folded > 300, "few documents folded: \(folded)")
    }

    @Test func aDenseArrayTakesUnderTwoBytesAValue() throws {
        let count = 100_000
        let text = "{\"a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "],\"b\":[1,2]}"
        let nodes = try Self.scan([text], threshold: NodeBuffer.nodesBeforeFolding)
        #expect(nodes.count == count + 7)
        #expect(nodes[2].size == count && nodes[0].size == count + 6 && nodes[count + 4].size == 2)
        #expect(nodes[count + 2].start == UInt32(6 + 2 * (count - 1)))
        #expect(nodes.byteCount < 2 * count, "\(nodes.byteCount) bytes for \(count) values")
        let whole = try Self.scan([text], threshold: Self.never)
        #expect(nodes.withNodes { Array($0) } == whole.withNodes { Array($0) })
    }

    /// A value cut short is scanned again once more input comes: its folded nodes are dropped,
    /// and the nodes before it stay as they were.
    @Test func aValueCutShortDropsItsFoldedNodes() throws {
        let first = "[" + Array(repeating: "1", count: 500).joined(separator: ",") + "]"
        let second = "[" + Array(repeating: "\"b\"", count: 3000).joined(separator: ",") + ",{\"k\":[true]}]"
        var scanner = JSONScanner(nodesBeforeFolding: 40)
        let nodes = NodeBuffer(capacity: 16)
        for text in [first, String(second.dropLast(9)), second] {
            let bytes = Array(text.utf8)
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try scanner.scanValueIfComplete(
                    in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: false, into: nodes)
            }
        }
        let whole = try Self.scan([first, second], threshold: Self.never)
        #expect(nodes.withNodes { Array($0) } == whole.withNodes { Array($0) })
        #expect(nodes.byteCount < whole.byteCount / 2)
    }
}
