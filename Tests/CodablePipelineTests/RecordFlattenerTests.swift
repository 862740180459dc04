import CodableParsing
import Testing

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
        let source = try batch(
            #"{"id":1.50,"owner":{"name":"A\"da","address":{"zip":"01"}},"tags":[{"x":{}}],"empty":{},"last":null}"#
                + "\n" + "[1,{\"a\":{\"b\":2}}]\n")
        let flat = RecordFlattener.flatten(source)
        #expect(
            text(flat) == [
                #"{"id":1.50,"owner.name":"A\"da","owner.address.zip":"01","tags":[{"x":{}}],"empty":{},"last":null}"#,
                #"[1,{"a":{"b":2}}]"#,
            ])
        #expect(text(try RecordFlattener.unflatten(flat)) == text(source))
    }

    /// A batch in which no record holds a nested object is passed on as it is, not copied, so
    /// that `--flatten` does not hold a huge record of arrays twice.
    @Test func aBatchWithNothingToFlattenIsPassedOnAsIs() throws {
        let source = try batch(#"{"a":[{"b":{"c":1}}],"e":{},"f":1}"# + "\n" + #"[{"a":{"b":2}}]"# + "\n3\n")
        let flat = RecordFlattener.flatten(source)
        #expect(flat.nodes === source.nodes)
        #expect(text(flat) == text(source))
        let nested = try batch("{\"a\":1}\n{\"b\":{\"c\":2}}\n")
        #expect(RecordFlattener.flatten(nested).nodes !== nested.nodes)
        #expect(text(RecordFlattener.flatten(nested)) == [#"{"a":1}"#, #"{"b.c":2}"#])
    }

    /// A joined key is made once a batch: records alike share its text. Escaped names join
    /// unescaped, and the root's keys are kept as they are.
    @Test func recordsAlikeShareTheirJoinedKeys() throws {
        let row = #"{"id":1,"owner":{"name":"Ada","geo":{"lat":1}},"a\u0062":{"c\n":2}}"#
        let one = try batch(row + "\n")
        let many = try batch(String(repeating: row + "\n", count: 50))
        let expected = #"{"id":1,"owner.name":"Ada","owner.geo.lat":1,"ab.c\n":2}"#
        #expect(text(RecordFlattener.flatten(many)) == Array(repeating: expected, count: 50))
        let newBytes = RecordFlattener.flatten(one).bytes.count - one.bytes.count
        #expect(newBytes == #""owner.name""owner.geo.lat""ab.c\n""#.utf8.count)
        #expect(RecordFlattener.flatten(many).bytes.count - many.bytes.count == newBytes)
    }

    /// Unflattening passes a batch on as it is when it would give back every record unchanged:
    /// keys distinct, none holding the separator (escaped or not), no string to parse as JSON.
    @Test func aBatchWithNothingToUnflattenIsPassedOnAsIs() throws {
        let source = try batch(#"{"a":[1],"b":{"c.d":1},"e":"[1]"}"# + "\n[{\"a.b\":1}]\n")
        #expect(try RecordFlattener.unflatten(source).nodes === source.nodes)
        #expect(try RecordFlattener.unflatten(source, parsingJSONText: true).nodes !== source.nodes)
        #expect(
            text(try RecordFlattener.unflatten(source, parsingJSONText: true)) == [
                #"{"a":[1],"b":{"c.d":1},"e":[1]}"#, #"[{"a.b":1}]"#,
            ])
        let escaped = try batch(#"{"x":1,"a\u002eb":2}"# + "\n")
        #expect(text(try RecordFlattener.unflatten(escaped)) == [#"{"x":1,"a":{"b":2}}"#])
        #expect(throws: RecordFlattener.Conflict.self) {
            try RecordFlattener.unflatten(try batch(#"{"a":1,"b":2,"a":3}"# + "\n"))
        }
    }

    @Test func unflattenNestsInFirstAppearanceOrder() throws {
        let source = try batch(#"{"a.x":1,"b":2,"a.y":{"z":3},"c.d":"[1,2]","e":"{}"}"# + "\n")
        #expect(
            text(try RecordFlattener.unflatten(source)) == [
                #"{"a":{"x":1,"y":{"z":3}},"b":2,"c":{"d":"[1,2]"},"e":"{}"}"#
            ])
        #expect(
            text(try RecordFlattener.unflatten(source, parsingJSONText: true)) == [
                #"{"a":{"x":1,"y":{"z":3}},"b":2,"c":{"d":[1,2]},"e":{}}"#
            ])
        #expect(text(try RecordFlattener.unflatten(source, separator: "/")) == text(source))
    }

    /// Nested, `{"a.b":1,"a.c":2}` holds six values (`a`, its object, `b`, 1, `c`, 2) and
    /// `{"a.b.c":[1,2]}` eight; past the limit a record is an error at its root (not a size that
    /// wraps around).
    @Test func unflatteningPastTheMostValuesARecordHoldsIsAnError() throws {
        let source = try batch(#"{"a.b":1,"a.c":2}"# + "\n" + #"{"a.b.c":[1,2]}"# + "\n")
        #expect(
            text(try RecordFlattener.unflatten(source, maxValues: 8)) == [
                #"{"a":{"b":1,"c":2}}"#, #"{"a":{"b":{"c":[1,2]}}}"#,
            ])
        for (limit, record) in [(7, 1), (5, 0)] {
            do {
                _ = try RecordFlattener.unflatten(source, maxValues: limit)
                Issue.record("no error at \(limit) values")
            } catch {
                #expect(error.record == record)
                #expect(error.node == Int(source.roots[record]))
                #expect(
                    error.message
                        == "unflattened, the record would hold more than \(limit) values, the most one record can hold")
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

    /// A batch is unflattened with one key tree while its records' keys stay the same (every row
    /// of a CSV file): the result is each record's own, and each new key's text is added once.
    @Test func recordsWithTheSameKeysShareOneTreeAndItsKeys() throws {
        let row = #"{"id":1,"owner.name":"Ada","owner.geo.lat":1.5,"owner.geo.lon":2,"tags":"[1]"}"#
        let one = try batch(row + "\n")
        let many = try batch(String(repeating: row + "\n", count: 50))
        let expected = #"{"id":1,"owner":{"name":"Ada","geo":{"lat":1.5,"lon":2}},"tags":"[1]"}"#
        #expect(text(try RecordFlattener.unflatten(many)) == Array(repeating: expected, count: 50))
        let newBytes = try RecordFlattener.unflatten(one).bytes.count - one.bytes.count
        #expect(newBytes == #""owner""name""geo""lat""lon""#.utf8.count)
        #expect(try RecordFlattener.unflatten(many).bytes.count - many.bytes.count == newBytes)
        // Keys as long as the record before's, grouped otherwise: a tree of their own.
        let regrouped = try batch(#"{"a.b":1,"a.c":2}"# + "\n" + #"{"a.b":1,"c.d":2}"# + "\n")
        #expect(
            text(try RecordFlattener.unflatten(regrouped)) == [#"{"a":{"b":1,"c":2}}"#, #"{"a":{"b":1},"c":{"d":2}}"#])
    }

    /// Differential: random records (keys from a few dotted parts, often the same keys as the
    /// record before, sometimes escaped, in another order, or as long but grouped otherwise, or
    /// in conflict) unflattened as one
    /// batch give what each gives alone, and the batch fails at the first record that fails alone.
    @Test func aBatchUnflattensAsItsRecordsDoAlone() throws {
        var random = FlattenRandom(seed: 5)
        var compared = 0
        for _ in 0..<300 {
            var records: [String] = []
            var keys: [String] = []
            for _ in 0..<(1 + random.next(8)) {
                switch random.next(7) {
                case 0: keys.reverse()
                case 1, 2: break  // the same keys again
                case 3:  // keys as long as before, grouped otherwise
                    keys = keys.map { key in
                        random.next(2) == 0 ? String(key.map { $0 == "a" ? "b" : $0 == "b" ? "a" : $0 }) : key
                    }
                default: keys = (0..<(1 + random.next(5))).map { _ in random.key() }
                }
                let members = keys.map {
                    "\"\($0)\":" + ["1", "\"x\"", "\"[2]\"", "{\"c.d\":3}", "null"][random.next(5)]
                }
                records.append("{" + members.joined(separator: ",") + "}")
            }
            for parsing in [false, true] {
                let whole = try batch(records.joined(separator: "\n") + "\n")
                var expected: [String] = []
                var firstFailure: Int?
                for (index, record) in records.enumerated() {
                    do {
                        expected += text(
                            try RecordFlattener.unflatten(try batch(record + "\n"), parsingJSONText: parsing))
                    } catch {
                        firstFailure = firstFailure ?? index
                    }
                }
                do {
                    let result = try RecordFlattener.unflatten(whole, parsingJSONText: parsing)
                    #expect(firstFailure == nil, "\(records)")
                    #expect(text(result) == expected, "\(records)")
                } catch {
                    #expect(error.record == firstFailure, "\(records)")
                }
                compared += 1
            }
        }
        #expect(compared == 600)
    }
}

/// Random records, reproducibly.
private struct FlattenRandom {
    private var numbers: SplitMix

    init(seed: UInt64) { numbers = SplitMix(seed: seed) }

    mutating func next(_ bound: Int) -> Int { numbers.next(bound) }

    /// A key of one to three parts from a few names, joined by dots, one of them sometimes
    /// escaped (`\u002e`, `\u0061`).
    mutating func key() -> String {
        let parts = ["a", "b", "\\u0061", "", "é"]
        var key = (0..<(1 + next(3))).map { _ in parts[next(parts.count)] }.joined(separator: ".")
        if next(8) == 0 {
            key = key.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\u002e")
        }
        return key
    }
}
