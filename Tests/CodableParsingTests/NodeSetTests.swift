import CodableParsing
import Testing

/// `NodeSet` answers as a `Set<Int>` of the same nodes would: membership, and whether a range
/// holds any, at word edges too.
@Suite struct NodeSetTests {
    @Test func answersAsASetOfTheSameNodes() {
        var random = TestRandom(seed: 12)
        func next(_ bound: Int) -> Int { random.next(bound) }
        for base in [0, 1, 63, 64, 1000] {
            var nodes = NodeSet(from: base)
            var reference: Set<Int> = []
            #expect(nodes.isEmpty && !nodes.any(in: 0..<10_000))
            for _ in 0..<40 {
                let node = base + next(300)
                nodes.insert(node)
                reference.insert(node)
            }
            #expect(!nodes.isEmpty)
            #expect(nodes.sorted == reference.sorted())
            for node in (base - 3)..<(base + 400) { #expect(nodes.contains(node) == reference.contains(node)) }
            for _ in 0..<500 {
                let low = base - 5 + next(420)
                let range = low..<(low + next(130))
                #expect(nodes.any(in: range) == reference.contains { range.contains($0) }, "\(range) from \(base)")
            }
        }
    }
}
