import Testing
import CodableParsing
@testable import CodablePipeline

@Suite struct RecordFlattenerTests {
    func batch(_ jsonl: String) throws -> RecordBatch {
        let reader = RecordReader(source: InMemoryByteSource(jsonl), options: RecordReaderOptions(framing: .jsonl))
        return try #require(try reader.nextBatch())
    }

    func text(_ batch: RecordBatch) -> [String] {
        var writer = JSONWriter()
        return (0..<batch.count).map { index in
            let out = OutputBuffer()
            writer.write(batch[index], to: out)
            return out.text
        }
    }

    @Test func flattenJoinsNestedKeysAndKeepsValuesExact() throws {
        let source = try batch(#"{"id":1.50,"owner":{"name":"A\"da","address":{"zip":"01"}},"tags":[{"x":{}}],"empty":{},"last":null}"# + "\n" + "[1,{\"a\":{\"b\":2}}]\n")
        let flat = RecordFlattener.flatten(source)
        #expect(text(flat) == [
            #"{"id":1.50,"owner.name":"A\"da","owner.address.zip":"01","tags":[{"x":{}}],"empty":{},"last":null}"#,
            #"[1,{"a":{"b":2}}]"#,
        ])
        #expect(text(try RecordFlattener.unflatten(flat)) == text(source))
    }

    /// A batch in which no record holds a nested object is passed on as it is, not copied: a
    /// huge record of arrays took 4.6 times its size with `--flatten`.
    @Test func aBatchWithNothingToFlattenIsPassedOnAsIs() throws {
        let source = try batch(#"{"a":[{"b":{"c":1}}],"e":{},"f":1}"# + "\n" + #"[{"a":{"b":2}}]"# + "\n3\n")
        let flat = RecordFlattener.flatten(source)
        #expect(flat.nodes === source.nodes)
        #expect(text(flat) == text(source))
        let nested = try batch("{\"a\":1}\n{\"b\":{\"c\":2}}\n")
        #expect(RecordFlattener.flatten(nested).nodes !== nested.nodes)
        #expect(text(RecordFlattener.flatten(nested)) == [#"{"a":1}"#, #"{"b.c":2}"#])
    }

    /// Unflattening passes a batch on as it is when it would give back every record unchanged:
    /// keys distinct, none holding the separator (escaped or not), no string to parse as JSON.
    @Test func aBatchWithNothingToUnflattenIsPassedOnAsIs() throws {
        let source = try batch(#"{"a":[1],"b":{"c.d":1},"e":"[1]"}"# + "\n[{\"a.b\":1}]\n")
        #expect(try RecordFlattener.unflatten(source).nodes === source.nodes)
        #expect(try RecordFlattener.unflatten(source, parsingJSONText: true).nodes !== source.nodes)
        #expect(text(try RecordFlattener.unflatten(source, parsingJSONText: true)) == [#"{"a":[1],"b":{"c.d":1},"e":[1]}"#, #"[{"a.b":1}]"#])
        let escaped = try batch(#"{"x":1,"a\u002eb":2}"# + "\n")
        #expect(text(try RecordFlattener.unflatten(escaped)) == [#"{"x":1,"a":{"b":2}}"#])
        #expect(throws: RecordFlattener.Conflict.self) { try RecordFlattener.unflatten(try batch(#"{"a":1,"b":2,"a":3}"# + "\n")) }
    }

    @Test func unflattenNestsInFirstAppearanceOrder() throws {
        let source = try batch(#"{"a.x":1,"b":2,"a.y":{"z":3},"c.d":"[1,2]","e":"{}"}"# + "\n")
        #expect(text(try RecordFlattener.unflatten(source)) == [#"{"a":{"x":1,"y":{"z":3}},"b":2,"c":{"d":"[1,2]"},"e":"{}"}"#])
        #expect(text(try RecordFlattener.unflatten(source, parsingJSONText: true)) == [#"{"a":{"x":1,"y":{"z":3}},"b":2,"c":{"d":[1,2]},"e":{}}"#])
        #expect(text(try RecordFlattener.unflatten(source, separator: "/")) == text(source))
    }

    /// Nested, `{"a.b":1,"a.c":2}` holds six values (`a`, its object, `b`, 1, `c`, 2) and
    /// `{"a.b.c":[1,2]}` eight; past the limit a record is an error at its root (not a size that
    /// wraps around).
    @Test func unflatteningPastTheMostValuesARecordHoldsIsAnError() throws {
        let source = try batch(#"{"a.b":1,"a.c":2}"# + "\n" + #"{"a.b.c":[1,2]}"# + "\n")
        #expect(text(try RecordFlattener.unflatten(source, maxValues: 8)) == [#"{"a":{"b":1,"c":2}}"#, #"{"a":{"b":{"c":[1,2]}}}"#])
        for (limit, record) in [(7, 1), (5, 0)] {
            do {
                _ = try RecordFlattener.unflatten(source, maxValues: limit)
                Issue.record("no error at \(limit) values")
            } catch {
                #expect(error.record == record)
                #expect(error.node == Int(source.roots[record]))
                #expect(error.message == "unflattened, the record would hold more than \(limit) values, the most one record can hold")
            }
        }
    }

    @Test func aKeyThatIsBothAValueAndAnObjectIsAnError() throws {
        let source = try batch(#"{"ok":0}"# + "\n" + #"{"a":1,"a.b":2}"# + "\n")
        #expect(throws: RecordFlattener.Conflict.self) { try RecordFlattener.unflatten(source) }
        do {
            _ = try RecordFlattener.unflatten(source)
        } catch {
            #expect(error.record == 1)
            #expect(error.message == "cannot unflatten 'a.b': 'a' is both a value and an object")
            #expect(source.location(ofNode: error.node).description == "2:8")
        }
    }
}
