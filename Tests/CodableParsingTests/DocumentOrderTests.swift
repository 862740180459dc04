import Testing

@testable import CodableParsing

@Suite struct DocumentOrderTests {
    /// Elements come back by node, and at one node in the order given: for arrays already in
    /// order (returned as they are), reversed, and shuffled, with many elements at one node.
    @Test func elementsAreOrderedByNodeAndStableAtANode() {
        var random = TestRandom(seed: 7)
        for round in 0..<500 {
            let count = random.next(12)
            var elements = (0..<count).map { (node: random.next(1 + round % 6), found: $0) }
            switch round % 3 {
            case 0: elements.sort { ($0.node, $0.found) < ($1.node, $1.found) }
            case 1: elements.reverse()
            default: break
            }
            let ordered = elements.inDocumentOrder(node: \.node)
            // The order by node, and at one node by position here, counted out by hand.
            var expected: [(node: Int, found: Int)] = []
            for node in Set(elements.map(\.node)).sorted() { expected += elements.filter { $0.node == node } }
            #expect(
                ordered.map(\.node) == expected.map(\.node) && ordered.map(\.found) == expected.map(\.found),
                "\(elements)")
        }
    }
}
