import Testing

@testable import CodableParsing

@Suite struct JSONWriterTests {
    @Test func prettyIndentsByTwoSpaces() throws {
        let out = try readRecords(
            Array(#"{"a":[1,{"b":null}],"c":{},"d":[]}"#.utf8), options: JSONWriterOptions(pretty: true))
        #expect(
            out == [
                """
                {
                  "a": [
                    1,
                    {
                      "b": null
                    }
                  ],
                  "c": {},
                  "d": []
                }
                """
            ])
    }

    @Test func sortKeysUsesCodePointOrderAtEveryLevel() throws {
        let text = #"{"b":1,"B":2,"a10":3,"a2":4,"é":5,"a":{"z":1,"y":[{"q":1,"p":2}]},"\u0041A":6}"#
        let out = try readRecords(Array(text.utf8), options: JSONWriterOptions(sortKeys: true))
        #expect(out == [#"{"AA":6,"B":2,"a":{"y":[{"p":2,"q":1}],"z":1},"a10":3,"a2":4,"b":1,"é":5}"#])
    }

    @Test func sortingKeepsDuplicateKeysInSourceOrder() throws {
        let out = try readRecords(Array(#"{"b":1,"a":1,"b":2}"#.utf8), options: JSONWriterOptions(sortKeys: true))
        #expect(out == [#"{"a":1,"b":1,"b":2}"#])
    }

    @Test func recordWriterFramings() throws {
        func write(_ text: String, _ framing: OutputFraming, single: Bool = true, pretty: Bool = false) throws -> String
        {
            // No records comes from an empty JSON Lines input (an empty JSON text is an error).
            let reader = RecordReader(
                source: InMemoryByteSource(text), options: RecordReaderOptions(framing: text.isEmpty ? .jsonl : nil))
            let writer = RecordWriter(
                framing: framing, options: JSONWriterOptions(pretty: pretty), singleValueAllowed: single)
            while let batch = try reader.nextBatch() { writer.write(batch) }
            writer.finish()
            return writer.output.text
        }
        #expect(try write(#"{"a":1}"#, .json) == "{\"a\":1}\n")
        #expect(try write(#"{"a":1}"#, .json, single: false) == "[{\"a\":1}]\n")
        #expect(try write(#"[{"a":1}]"#, .json) == "[{\"a\":1}]\n")
        #expect(try write("1 2", .json) == "[1,2]\n")
        #expect(try write("[]", .json) == "[]\n")
        #expect(try write("", .json) == "[]\n")
        #expect(try write("[1,[2]]", .json, pretty: true) == "[\n  1,\n  [\n    2\n  ]\n]\n")
        #expect(try write("[1,2]", .jsonl) == "1\n2\n")
        #expect(try write("[1,2]", .jsonSeq) == "\u{1E}1\n\u{1E}2\n")
    }
}
