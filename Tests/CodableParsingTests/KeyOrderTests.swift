import Testing
import CodableParsing

/// `KeyOrder` sorts names pooled in one buffer into the order `--sort-keys` writes: code-point
/// (UTF-8 byte) order, a name before every longer name it begins, equal names in the order they
/// came. Checked against sorting arrays of the names, for random names that share prefixes,
/// repeat, are empty or hold bytes past ASCII.
@Suite struct KeyOrderTests {
    @Test func namesSortAsTheirBytesDoEqualOnesInTheOrderTheyCame() {
        var random = TestRandom(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let pieces: [[UInt8]] = [[], Array("a".utf8), Array("ab".utf8), Array("B".utf8), Array("é".utf8), [0x00], [0xFF], Array("a\n".utf8)]
        for round in 0..<300 {
            var order = KeyOrder(base: 1_000 * round)
            var names: [(name: [UInt8], id: Int)] = []
            for index in 0..<next(40) {
                let name = (0..<next(4)).flatMap { _ in pieces[next(pieces.count)] }
                let id = 1_000 * round + index
                if index % 2 == 0 { order.append(name, id: id) } else { name.withUnsafeBufferPointer { order.append($0, id: id) } }
                names.append((name, id))
            }
            let expected = names.enumerated().sorted { lhs, rhs in
                lhs.element.name.lexicographicallyPrecedes(rhs.element.name) || (lhs.element.name == rhs.element.name && lhs.offset < rhs.offset)
            }
            var visited: [(Int, [UInt8])] = []
            order.forEachInOrder { id, name in visited.append((id, Array(name))) }
            #expect(order.sorted() == expected.map(\.element.id))
            #expect(visited.map(\.0) == expected.map(\.element.id))
            #expect(visited.map(\.1) == expected.map(\.element.name))
        }
    }
}
