import Testing

@testable import CodableParsing

/// `NodeOffsets` gives back every offset appended, whatever the steps between them: small ones
/// (a byte each), ones of 255 bytes or more and ones that go back (kept apart), at any place in
/// a block, in blocks whose steps are all equal or all under 16 (kept in fewer bytes), after
/// truncating anywhere and appending again; read whole or one step at a time.
@Suite struct NodeOffsetsTests {
    @Test func everyOffsetComesBack() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            var offsets = NodeOffsets()
            var expected: [UInt32] = []
            var last: UInt32 = round % 2 == 0 ? 0 : UInt32.max - 300  // wrapping past 2^32 too
            // Each round steps one way: rarely far, or often, or never (blocks of small or equal
            // steps, kept in fewer bytes).
            let farOneIn = [4, 10, 200, 5000][round % 4]
            let equalStep = UInt32(round % 5)
            for _ in 0..<Int.random(in: 1...900, using: &generator) {
                switch Int.random(in: 0..<farOneIn, using: &generator) {
                case 0: last &+= UInt32.random(in: 255...70_000, using: &generator)
                case 1: last &-= UInt32.random(in: 1...40, using: &generator)
                case 2: last &+= [254, 15, 16][Int.random(in: 0..<3, using: &generator)]
                default: last &+= round % 3 == 0 ? equalStep : UInt32.random(in: 0...15, using: &generator)
                }
                offsets.append(last)
                expected.append(last)
                if Int.random(in: 0..<60, using: &generator) == 0 {
                    let count = Int.random(in: 0...expected.count, using: &generator)
                    offsets.truncate(to: count)
                    expected.removeSubrange(count...)
                    last = expected.last ?? last
                }
            }
            #expect(offsets.count == expected.count)
            #expect((0..<offsets.count).map { offsets[$0] } == expected, "round \(round)")
            var previous = (index: -2, offset: UInt32(0))
            let stepped = (0..<offsets.count).map { index in
                previous = (index, offsets.offset(ofNode: index, after: previous))
                return previous.offset
            }
            #expect(stepped == expected, "round \(round), one step at a time")
        }
    }

    /// Offsets two bytes apart (`[0,0,…]`) take about a tenth of a byte each: a block of 64
    /// keeps its base, where its steps start, their shape and their one step; only the last
    /// block keeps a byte a step. Steps under 16, not all equal, take half a byte each.
    @Test func equalOrSmallStepsTakeLessThanAByteEach() {
        var offsets = NodeOffsets()
        for index in 0..<16_000 { offsets.append(UInt32(3 + 2 * index)) }
        #expect(offsets.byteCount == 249 * 1 + 64 + 250 * 9)
        #expect(offsets[15_999] == 3 + 2 * 15_999 && offsets[6_401] == 3 + 2 * 6_401)
        var mixed = NodeOffsets()
        var offset: UInt32 = 0
        for index in 0..<16_000 {
            offset += UInt32(index % 2 + 1 + index % 7)
            mixed.append(offset)
        }
        #expect(mixed.byteCount == 249 * 32 + 64 + 250 * 9)
        #expect(mixed[15_999] == offset)
    }
}
