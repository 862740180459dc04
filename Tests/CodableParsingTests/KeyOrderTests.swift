import CodableParsing
import Testing

/// `KeyOrder` sorts names into the order `--sort-keys` writes: code-point (UTF-8 byte) order, a
/// name before every longer name it begins, equal names in the order they came. Checked against
/// sorting arrays of the names, for random names that share prefixes, repeat, are empty or hold
/// bytes past ASCII; copied names, and keys named where they stand in a record, escaped or not.
@Suite struct KeyOrderTests {
    private static let pieces: [[UInt8]] = [
        [], Array("a".utf8), Array("ab".utf8), Array("B".utf8), Array("é".utf8), [0x00], [0xFF], Array("a\n".utf8),
    ]

    /// Pieces of keys, and the ways a key's token may spell each.
    private static let keyPieces: [(name: String, tokens: [String])] = [
        ("", [""]), ("a", ["a"]), ("ab", ["ab", "a\\u0062"]), ("B", ["B"]), ("é", ["é", "\\u00e9"]),
        ("\u{0}", ["\\u0000"]), ("ÿ", ["ÿ"]), ("a\n", ["a\\n"]), ("\"", ["\\\""]),
    ]

    /// The ids of `names` sorted as `--sort-keys` sorts them: by their bytes, equal ones in order.
    private static func expectedOrder(_ names: [(name: [UInt8], id: Int)]) -> [(name: [UInt8], id: Int)] {
        names.enumerated().sorted { lhs, rhs in
            lhs.element.name.lexicographicallyPrecedes(rhs.element.name)
                || (lhs.element.name == rhs.element.name && lhs.offset < rhs.offset)
        }.map(\.element)
    }

    @Test func copiedNamesSortAsTheirBytesDoEqualOnesInTheOrderTheyCame() {
        var random = TestRandom(seed: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<300 {
            var order = KeyOrder(base: 1_000 * round)
            var names: [(name: [UInt8], id: Int)] = []
            for index in 0..<random.next(40) {
                let name = (0..<random.next(4)).flatMap { _ in Self.pieces[random.next(Self.pieces.count)] }
                let id = 1_000 * round + index
                if index % 2 == 0 {
                    order.append(name, id: id)
                } else {
                    name.withUnsafeBufferPointer { order.append($0, id: id) }
                }
                names.append((name, id))
            }
            let expected = Self.expectedOrder(names)
            var visited: [(Int, [UInt8])] = []
            let copy = order
            copy.forEachInOrder { id, name in visited.append((id, Array(name))) }
            #expect(Array(order.sorted()) == expected.map(\.id))
            #expect(visited.map(\.0) == expected.map(\.id))
            #expect(visited.map(\.1) == expected.map(\.name))
        }
    }

    /// Keys of a scanned object, named in place (or copied, when escaped), mixed with copied names
    /// (as a renamed key is): all sorted together, equal names in the order added, also last first.
    @Test func keysNamedInPlaceSortWithCopiedNames() throws {
        var random = TestRandom(seed: 0x2545_F491_4F6C_DD1D)
        var escapedKeys = 0
        for _ in 0..<300 {
            var keys: [[UInt8]] = []
            var members: [String] = []
            for _ in 0..<random.next(40) {
                var name = ""
                var token = ""
                for _ in 0..<random.next(4) {
                    let piece = Self.keyPieces[random.next(Self.keyPieces.count)]
                    name += piece.name
                    token += piece.tokens[random.next(piece.tokens.count)]
                }
                if token.contains("\\") { escapedKeys += 1 }
                keys.append(Array(name.utf8))
                members.append("\"\(token)\":\(members.count)")
            }
            let text = Array(("{" + members.joined(separator: ",") + "}").utf8)
            let nodes = try Self.scan(text)
            text.withUnsafeBufferPointer { bytes in
                nodes.withNodes { tape in
                    for lastFirst in [false, true] {
                        var order = KeyOrder(keysOf: 0, in: tape, bytes: bytes.baseAddress!)
                        var names: [(name: [UInt8], id: Int)] = []
                        for (position, key) in JSONNode.children(of: 0, in: tape).enumerated() {
                            if random.next(4) == 0 {
                                let renamed = Self.pieces[random.next(Self.pieces.count)]
                                order.append(renamed, id: key)
                                names.append((renamed, key))
                            } else {
                                order.append(key: key)
                                names.append((keys[position], key))
                            }
                        }
                        let expected = Self.expectedOrder(names).map(\.id)
                        var sorted = order.sorted(lastFirst: lastFirst)
                        #expect(
                            Array(sorted) == (lastFirst ? expected.reversed() : expected),
                            "\(String(decoding: text, as: UTF8.self))")
                        if lastFirst {
                            var popped: [Int] = []
                            while let id = sorted.popLast() { popped.append(id) }
                            #expect(popped == expected)
                        }
                    }
                }
            }
        }
        #expect(escapedKeys > 500, "few escaped keys: \(escapedKeys)")
    }

    private static func scan(_ text: [UInt8]) throws -> NodeBuffer {
        var scanner = JSONScanner()
        let nodes = NodeBuffer(capacity: 16)
        _ = try text.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try scanner.scanValue(in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: true, into: nodes)
        }
        return nodes
    }
}
