import CodableParsing
import CodableYAML
import Testing

@testable import CodablePipeline

@Suite struct TransformChainTests {
    private func run(_ plan: TransformPlan, _ text: String) throws -> [String] {
        let chain = TransformChain(plan: plan)
        var out: [String] = []
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonl))
        while let batch = try reader.nextBatch() {
            try chain.process(
                batch, onFailure: { failure, _ in throw failure },
                emit: { record, _ in
                    var writer = JSONWriter()
                    let buffer = OutputBuffer()
                    writer.write(record, to: buffer)
                    out.append(buffer.text)
                })
        }
        _ = try chain.finish { _, _ in }
        return out
    }

    @Test func aReachedLimitStopsTheReading() throws {
        var plan = TransformPlan()
        plan.filter = try Expression(parsing: ".id == 1")
        plan.window = PageWindow(offset: 0, limit: 10)
        let source = CountingSource()
        let chain = TransformChain(plan: plan)
        var written = 0
        let reader = RecordReader(source: source, options: RecordReaderOptions(framing: .jsonl, chunkSize: 4096))
        while !chain.isSatisfied, let batch = try reader.nextBatch() {
            try chain.process(batch, onFailure: { failure, _ in throw failure }, emit: { _, _ in written += 1 })
        }
        #expect(written == 10)
        #expect(source.reads <= 2)  // an endless input, read once
    }

    @Test func selectKeepsTheListOrderAndEditsDoNotReparse() throws {
        var plan = TransformPlan()
        plan.select = try FieldSelection(paths: [FieldPath(parsing: "b"), FieldPath(parsing: "a.y")])
        plan.renames = [(try FieldPath(parsing: "b"), "B")]
        #expect(
            try run(plan, "{\"a\":{\"x\":1,\"y\":1.50},\"b\":\"\\u0041\",\"c\":3}\n") == [
                "{\"B\":\"A\",\"a\":{\"y\":1.50}}"
            ])
    }

    @Test func numbersCompareExactly() throws {
        #expect(ExactNumber(text: Array("9007199254740993".utf8))! > ExactNumber(text: Array("9007199254740992".utf8))!)
        #expect(ExactNumber(text: Array("0.10".utf8)) == ExactNumber(text: Array("1e-1".utf8)))
        #expect(ExactNumber(text: Array("-2".utf8))! < ExactNumber(text: Array("-1.5".utf8))!)
        #expect(ExactNumber(text: Array("-0".utf8)) == ExactNumber(text: Array("0.0".utf8)))
    }

    @Test func syntaxErrorsPointAtTheirColumn() {
        #expect(throws: ExpressionSyntaxError(message: "unknown operator; expected ==, !=, <, <=, > or >=", column: 4))
        {
            _ = try Expression(parsing: ".a = 1")
        }
        #expect(throws: ExpressionSyntaxError.self) {
            _ = try Expression(parsing: String(repeating: "not ", count: 65) + "true")
        }
    }

    /// A record rebuilt by a transform keeps its small values folded past its 4 096th node,
    /// and, read from CSV or YAML, where each came from as runs of source nodes over the
    /// source's own places: an excluded element of a wide row or a long flow sequence leaves its
    /// record's tape a small part of a word a value and its map a few runs, and every value
    /// still reads back, and is placed, as the source's.
    @Test(arguments: ["csv", "yaml"])
    func aBigRebuiltRecordStaysPacked(format: String) throws {
        let count = 20_000
        let row = (0..<count).map { $0 % 5 == 0 ? "" : String($0 % 7) }
        let elements = "[" + row.dropFirst().map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ",") + "]"
        // The row as a CSV row (a record that is an array) or as a YAML flow sequence under `a`.
        let reader: any RecordBatchReader
        let excluded: String
        let expected: String
        let firstElement: Int  // node of the record's first element
        if format == "csv" {
            reader = CSVReader(
                source: InMemoryByteSource(row.joined(separator: ",") + "\n"),
                options: CSVReaderOptions(hasHeader: false))
            (excluded, expected, firstElement) = ("[0]", elements, 1)
        } else {
            let sequence = "[" + row.map { $0.isEmpty ? "''" : $0 }.joined(separator: ", ") + "]"
            reader = YAMLRecordReader(source: InMemoryByteSource("a: " + sequence + "\n"))
            (excluded, expected, firstElement) = ("a[0]", "{\"a\":" + elements + "}", 3)
        }
        var plan = TransformPlan()
        plan.exclude = [try FieldPath(parsing: excluded)]
        let chain = TransformChain(plan: plan)
        let batch = try #require(try reader.nextBatch())
        var checked = false
        try chain.process(
            batch, onFailure: { failure, _ in throw failure },
            emit: { record, _ in
                var writer = JSONWriter()
                let out = OutputBuffer()
                writer.write(record, to: out)
                #expect(out.text == expected)
                // Unfolded, 4 bytes and a quarter a value; folded past the 4 096th, 2 and a half.
                #expect(record.batch.nodes.byteCount < count * 3)
                let map = try #require(record.batch.sourceMap)
                // It refers to the source's places, not a copy of them: it counts them and a few runs.
                #expect((0..<64).contains(map.placesByteCount - batch.sourceMap!.placesByteCount))
                // Element i + 1 is node firstElement + i here, and one node further in the source.
                let last = firstElement + count - 2
                for node in [firstElement, firstElement + 1, 63, 64, 65, 4_099, last] {
                    #expect(map.location(ofNode: node) == batch.sourceMap!.location(ofNode: node + 1))
                }
                #expect(map.location(ofNode: 0) == batch.sourceMap!.location(ofNode: 0))
                checked = true
            })
        #expect(checked)
    }
}
