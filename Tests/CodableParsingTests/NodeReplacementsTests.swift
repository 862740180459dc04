import CodableParsing
import Testing

/// `NodeReplacements` keeps every text in one buffer: checked against a dictionary of arrays, for
/// texts set in node order and in any order, set again, and looked up inside, outside and between
/// the nodes set.
@Suite struct NodeReplacementsTests {
    @Test func readsBackAsADictionaryOfTheLastTextSetForEachNode() {
        var random = TestRandom(seed: 0x5851_F42D_4C95_7F2D)
        for round in 0..<200 {
            var replacements = NodeReplacements()
            var expected: [Int: [UInt8]] = [:]
            if round % 3 == 0 { replacements.reserveCapacity(random.next(50), textBytes: random.next(400)) }
            var nextAscending = 1_000
            for _ in 0..<random.next(60) {
                // In node order (found by a binary search) every other round, until a repeat.
                let ascending = round % 2 == 0 && random.next(30) != 0
                if ascending { nextAscending += 1 + random.next(3) }
                let node = ascending ? nextAscending : 1_000 + random.next(100)
                let text = (0..<random.next(12)).map { _ in UInt8(truncatingIfNeeded: 0x20 + random.next(90)) }
                replacements.replace(node, with: text)
                expected[node] = text
            }
            #expect(replacements.count == expected.count)
            #expect(replacements.isEmpty == expected.isEmpty)
            #expect(replacements.nodes == expected.keys.sorted())
            #expect(replacements.lowestNode == expected.keys.min() ?? .max)
            #expect(replacements.highestNode == expected.keys.max() ?? .min)
            for node in 990..<1_200 {
                #expect(replacements[node].map(Array.init) == expected[node], "node \(node)")
            }
        }
    }

    /// A text written where it is kept: one whose writing fails leaves nothing behind.
    @Test func aTextWrittenInPlaceIsKeptOnlyWhenWritingSucceeds() {
        struct Refused: Error {}
        var replacements = NodeReplacements()
        replacements.replace(1) { (text: inout [UInt8]) in text += Array("\"a\"".utf8) }
        #expect(throws: Refused.self) {
            try replacements.replace(2) { (text: inout [UInt8]) throws(Refused) in
                text += Array("half".utf8)
                throw Refused()
            }
        }
        replacements.replace(3, with: Array("7".utf8))
        #expect(replacements[1].map(Array.init) == Array("\"a\"".utf8))
        #expect(replacements[2] == nil && replacements.count == 2)
        #expect(replacements[3].map(Array.init) == Array("7".utf8))
    }

    @Test func aLiteralSetsItsTexts() {
        let replacements: NodeReplacements = [3: Array("\"x\"".utf8), 7: Array("1".utf8)]
        #expect(replacements[3].map(Array.init) == Array("\"x\"".utf8))
        #expect(replacements[7].map(Array.init) == Array("1".utf8))
        #expect(replacements[5] == nil && replacements.count == 2)
        let none: NodeReplacements = [:]
        #expect(none.isEmpty && none[0] == nil && none.nodes.isEmpty)
    }
}
