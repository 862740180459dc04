import Testing

@testable import CodableParsing

/// A rebuilt tape's origins are kept as runs of consecutive source nodes, and read back, one by
/// one or in order, as the list they were appended as.
@Suite struct NodeOriginsTests {
    @Test func runsReadBackAsAppended() {
        var random = SeededRandom(seed: 21)
        for round in 0..<30 {
            var origins = NodeOrigins()
            var expected: [Int] = []
            var next = Int.random(in: 0..<100, using: &random)
            for _ in 0..<Int.random(in: 0...2_000, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: next = Int.random(in: 0..<5_000, using: &random)  // a jump: a new run
                case 1: next -= Int.random(in: 1...3, using: &random)  // back: a new run
                case 2: break  // the same source node again: a new run
                default: next += 1
                }
                next = max(0, next)
                origins.append(next)
                expected.append(next)
                if Int.random(in: 0..<10, using: &random) != 2 { next += 1 }
            }
            #expect(origins.count == expected.count, "round \(round)")
            #expect(Array(origins) == expected, "round \(round)")
            #expect(expected.indices.allSatisfy { origins[$0] == expected[$0] }, "round \(round)")
        }
    }

    @Test func aMillionConsecutiveOriginsTakeARunEach() {
        var origins = NodeOrigins()
        for node in 0..<1_000_000 { origins.append(node < 500_000 ? node + 7 : node + 8) }  // one dropped
        #expect(origins.byteCount == 2 * 8)
        #expect(
            origins[0] == 7 && origins[499_999] == 500_006 && origins[500_000] == 500_008
                && origins[999_999] == 1_000_007)
    }
}
