import Testing

@testable import CodableParsing

@Suite struct CodingPathTests {
    @Test func pathsNameKeysAndIndices() throws {
        let text = #"{"owner":{"email":"x","tags":["a",{"first name":true}]},"n":1}"#
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let batch = try #require(try reader.nextBatch())
        let record = batch[0]
        func path(of source: String) -> String? {
            for index in 0..<batch.nodes.count where Record(batch: batch, root: index).compactText == source {
                return CodingPath.describe(node: index, in: record, recordIndex: 3)
            }
            return nil
        }
        #expect(path(of: #""x""#) == "$[3].owner.email")
        #expect(path(of: #""a""#) == "$[3].owner.tags[0]")
        #expect(path(of: "true") == #"$[3].owner.tags[1]["first name"]"#)
        #expect(path(of: "1") == "$[3].n")
        #expect(CodingPath.describe(node: record.root, in: record, recordIndex: nil) == "$")
    }

    /// A key is `.key` when it is an identifier (letters of any script, digits, `_`, not starting
    /// with a digit), else quoted with `\` and `"` escaped: ASCII keys, looked at byte by byte,
    /// and others alike.
    @Test func keysAreIdentifiersOrQuoted() {
        let components: [(key: String, component: String)] = [
            ("a", ".a"), ("_", "._"), ("userID_2", ".userID_2"), ("é", ".é"), ("naïve", ".naïve"), ("日本", ".日本"),
            ("", #"[""]"#), ("2a", #"["2a"]"#), ("٣a", #"["٣a"]"#), ("first name", #"["first name"]"#),
            ("a-b", #"["a-b"]"#),
            (#"x"y"#, #"["x\"y"]"#), (#"back\slash"#, #"["back\\slash"]"#), (#"\""#, #"["\\\""]"#),
            ("tab\t", "[\"tab\t\"]"), ("é x\"", #"["é x\""]"#), ("~/", #"["~/"]"#), ("\u{7F}", "[\"\u{7F}\"]"),
        ]
        for (key, component) in components {
            #expect(CodingPath.component(key) == component, "key \(key.debugDescription)")
        }
    }

    /// The paths of many nodes at once (one walk down the record) are each node's path found
    /// alone, by a walk from the root that counts every member before it: for random records
    /// (wide and deep, empty containers, keys that need quoting), every node of the record
    /// asked for in a shuffled order, some twice, key nodes too.
    @Test func pathsOfManyNodesAtOnceAreEachNodesPath() throws {
        var random = TestRandom(seed: 12)
        var compared = 0
        for _ in 0..<300 {
            let text = Self.document(&random, depth: 0)
            let reader = RecordReader(
                source: InMemoryByteSource(text + "\n"), options: RecordReaderOptions(framing: .jsonl))
            let batch = try #require(try reader.nextBatch())
            let record = batch[0]
            let span = batch.nodes[record.root].span
            var targets =
                (0..<span).map { record.root + $0 } + (0..<random.next(4)).map { _ in record.root + random.next(span) }
            for index in targets.indices.reversed() { targets.swapAt(index, random.next(index + 1)) }
            let paths = CodingPath.describe(nodes: targets, in: record, recordIndex: 7)
            for (target, path) in zip(targets, paths) {
                #expect(path == Self.path(of: target, in: record, recordIndex: 7), "node \(target) of \(text)")
                compared += 1
            }
        }
        #expect(compared > 5_000)
    }

    /// The path of `target` found alone, from the root down, counting every member before it.
    private static func path(of target: Int, in record: Record, recordIndex: Int) -> String {
        var path = "$[\(recordIndex)]"
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var current = record.root
                descending: while current != target {
                    let isObject = nodes[current].kind == .object
                    for (position, child) in JSONNode.children(of: current, in: nodes).enumerated() {
                        let value = isObject ? child + 1 : child
                        guard target >= child && target < value + nodes[value].span else { continue }
                        path +=
                            isObject
                            ? CodingPath.component(nodes[child].stringValue(in: bytes.baseAddress!)) : "[\(position)]"
                        current = target == child ? target : value
                        continue descending
                    }
                    break
                }
            }
        }
        return path
    }

    private static func document(_ random: inout TestRandom, depth: Int) -> String {
        switch random.next(depth > 4 ? 3 : 6) {
        case 0: return ["1", "null", "\"s\"", "[]", "{}"][random.next(5)]
        case 1, 2: return ["true", "-2.5", "\"a b\""][random.next(3)]
        case 3:
            return "[" + (0..<random.next(12)).map { _ in document(&random, depth: depth + 1) }.joined(separator: ",")
                + "]"
        default:
            let keys = ["a", "first name", "\\u0062", "é", "x\\\"y", ""]
            return "{"
                + (0..<random.next(8)).map { _ in
                    "\"\(keys[random.next(keys.count)])\":" + document(&random, depth: depth + 1)
                }.joined(separator: ",") + "}"
        }
    }
}
