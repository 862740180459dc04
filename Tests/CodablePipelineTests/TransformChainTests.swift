import Testing
import CodableParsing
@testable import CodablePipeline

@Suite struct TransformChainTests {
    private func run(_ plan: TransformPlan, _ text: String) throws -> [String] {
        let chain = TransformChain(plan: plan)
        var out: [String] = []
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonl))
        while let batch = try reader.nextBatch() {
            try chain.process(batch, onFailure: { failure, _ in throw failure }) { record, _ in
                var writer = JSONWriter()
                let buffer = OutputBuffer()
                writer.write(record, to: buffer)
                out.append(buffer.text)
            }
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
            try chain.process(batch, onFailure: { failure, _ in throw failure }) { _, _ in written += 1 }
        }
        #expect(written == 10)
        #expect(source.reads <= 2)  // an endless input, read once
    }

    @Test func selectKeepsTheListOrderAndEditsDoNotReparse() throws {
        var plan = TransformPlan()
        plan.select = try FieldSelection(paths: [FieldPath(parsing: "b"), FieldPath(parsing: "a.y")])
        plan.renames = [(try FieldPath(parsing: "b"), "B")]
        #expect(try run(plan, "{\"a\":{\"x\":1,\"y\":1.50},\"b\":\"\\u0041\",\"c\":3}\n") == ["{\"B\":\"A\",\"a\":{\"y\":1.50}}"])
    }

    @Test func numbersCompareExactly() throws {
        #expect(ExactNumber(text: Array("9007199254740993".utf8))! > ExactNumber(text: Array("9007199254740992".utf8))!)
        #expect(ExactNumber(text: Array("0.10".utf8)) == ExactNumber(text: Array("1e-1".utf8)))
        #expect(ExactNumber(text: Array("-2".utf8))! < ExactNumber(text: Array("-1.5".utf8))!)
        #expect(ExactNumber(text: Array("-0".utf8)) == ExactNumber(text: Array("0.0".utf8)))
    }

    @Test func syntaxErrorsPointAtTheirColumn() {
        #expect(throws: ExpressionSyntaxError(message: "unknown operator; expected ==, !=, <, <=, > or >=", column: 4)) {
            _ = try Expression(parsing: ".a = 1")
        }
        #expect(throws: ExpressionSyntaxError.self) { _ = try Expression(parsing: String(repeating: "not ", count: 65) + "true") }
    }
}
