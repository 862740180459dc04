import CodableParsing

/// The node storage every reader fills (`NodeBuffer`): one word a node, a side table, and
/// blocks of small nodes folded into fewer words, stored whole again when one of their nodes is
/// replaced or the buffer is cut inside them. The readers' targets seldom reach folding, which
/// starts 4 096 nodes into a record; this one drives the buffer directly.
///
/// Invariant: whatever is appended (foldable or not), folded, replaced, cut or copied, every
/// node reads back as the same operations on a plain list leave it, through the buffer and
/// through its tape.
enum NodeBufferTarget {
    static let target = FuzzTarget(
        name: "node-buffer",
        summary:
            "NodeBuffer under appends, folds, replacements, cuts and copies read from the input; every node reads back as a plain list holds it",
        seedFolders: ["Tests/Fixtures"],
        run: run)

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        let buffer = NodeBuffer(capacity: 16)
        var expected: [JSONNode] = []
        var bytes = input.makeIterator()
        var start = 0
        func next() -> Int? { bytes.next().map(Int.init) }
        while let operation = next() {
            switch operation % 8 {
            case 0, 1, 2:  // a scalar, as a CSV or YAML reader appends one
                guard let node = scalar(&start, next) else { return }
                buffer.appendFoldable(node)
                expected.append(node)
            case 3:  // any node, a container among them
                guard let shape = next(), let size = next() else { return }
                let node =
                    shape % 4 == 0
                    ? JSONNode(
                        kind: size % 2 == 0 ? .array : .object, start: start, length: size % 8 == 7 ? 9_000 : size % 8)
                    : scalar(&start, next)
                guard let node else { return }
                buffer.append(node)
                expected.append(node)
            case 4:  // a reader closing the containers of the last complete block
                buffer.foldBlock(expected.count / NodeBuffer.blockSize - 1 - (operation >> 7))
            case 5 where !expected.isEmpty:
                guard let at = next(), let node = scalar(&start, next) else { return }
                let index = (at * 257 + operation) % expected.count
                buffer[index] = node
                expected[index] = node
            case 6 where !expected.isEmpty:
                guard let cut = next() else { return }
                let newCount = expected.count - cut % min(expected.count + 1, 40)
                buffer.truncate(to: newCount)
                expected.removeSubrange(newCount...)
            case 7 where !expected.isEmpty:
                guard let from = next(), let length = next() else { return }
                let first = from * 31 % expected.count
                let count = min(length % 40, expected.count - first)
                buffer.appendCopy(from: first, count: count)
                expected += expected[first..<(first + count)]
            default:
                break
            }
        }
        require(buffer.count == expected.count, "\(buffer.count) nodes, expected \(expected.count)")
        for index in expected.indices {
            require(buffer[index] == expected[index], "node \(index): \(buffer[index]), expected \(expected[index])")
        }
        buffer.withNodes { tape in
            for index in expected.indices {
                require(
                    tape[index] == expected[index], "tape node \(index): \(tape[index]), expected \(expected[index])")
            }
        }
    }

    /// A scalar made from the next bytes: its kind, length and step from the last start (back
    /// now and then, or far on).
    private static func scalar(_ start: inout Int, _ next: () -> Int?) -> JSONNode? {
        guard let shape = next(), let step = next() else { return nil }
        let kinds: [JSONNode.Kind] = [.null, .false, .true, .number, .string, .string]
        switch step >> 6 {
        case 0: start = max(0, start - step)
        case 1: start += step * 40
        default: start += step & 7
        }
        let length = shape & 0x20 != 0 ? 9_000 : 1 + shape % 9
        return JSONNode(kind: kinds[shape % kinds.count], flags: UInt8(shape >> 6), start: start, length: length)
    }
}
