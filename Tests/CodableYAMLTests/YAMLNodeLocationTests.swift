import CodableParsing
import CodableYAML
import Testing

/// A YAML batch's nodes, located together (`RecordBatch.locations(ofNodes:)`) or one after
/// another through a `BatchLocationCursor`, both stepping from the node before through the
/// source map's offsets, are where `location(ofNode:)` puts each alone: in order, shuffled and
/// repeated, across blocks of offsets kept whole, halved, equal, and steps kept apart (a long
/// string, an alias pointing back at its anchor).
@Suite struct YAMLNodeLocationTests {
    @Test func togetherAndThroughACursorAsEachAlone() throws {
        let long = String(repeating: "x", count: 300)
        let records = (0..<16).map { index in
            """
            - id: \(index)
              digits: [\((0..<70).map { _ in "1" }.joined(separator: ","))]
              words: [\((0..<70).map { "w\($0 % 13)" }.joined(separator: ", "))]
              long: \(long)
              anchored: &a\(index) {k: v, n: [1, 2]}
              again: *a\(index)
              é: "ü\\u00e9 \(index)"
            """
        }
        let text = records.joined(separator: "\n") + "\n"
        var generator = SystemRandomNumberGenerator()
        var located = 0
        for pieceSize in [.max, 777] {
            let reader = YAMLRecordReader(
                source: InMemoryByteSource(text, pieceSize: pieceSize),
                options: YAMLReaderOptions(batchBytes: 4_096, oneDocumentAtMost: { _ in true }))
            while let batch = try reader.nextBatch() {
                let count = batch.nodes.count
                #expect(batch.sourceMap != nil)
                let alone = (0..<count).map { batch.location(ofNode: $0) }
                var order = Array(0..<count) + (0..<count / 2).map { _ in Int.random(in: 0..<count, using: &generator) }
                order.shuffle(using: &generator)
                var cursor = BatchLocationCursor(batch)
                let visits = Array(0..<count) + order
                let stepped = visits.map { cursor.location(ofNode: $0) }
                for (way, nodes, locations) in [
                    ("together, in order", Array(0..<count), batch.locations(ofNodes: Array(0..<count))),
                    ("together, shuffled", order, batch.locations(ofNodes: order)),
                    ("through a cursor", visits, stepped),
                ] {
                    let wrong = nodes.indices.filter { locations[$0] != alone[nodes[$0]] }
                    #expect(
                        wrong.count == 0,
                        "\(way): \(wrong.count) of \(nodes.count) misplaced, the first node \(wrong.first.map { nodes[$0] } ?? 0)"
                    )
                }
                located += count
            }
        }
        #expect(located > 2 * 16 * 150)
    }
}
