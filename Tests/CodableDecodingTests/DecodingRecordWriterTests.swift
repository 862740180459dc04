import CodableDecoding
import CodableModels
import CodableParsing
import Testing

@Suite struct DecodingRecordWriterTests {
    static let person = TypeReference.named("Person", arguments: [])

    func records(_ text: String, _ framing: InputFraming) throws -> [Record] {
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: framing))
        var records: [Record] = []
        while let batch = try reader.nextBatch() {
            for index in 0..<batch.count { records.append(batch[index]) }
        }
        return records
    }

    func writer(_ framing: OutputFraming, pretty: Bool = false, single: Bool = true, root: TypeReference = person)
        throws -> DecodingRecordWriter
    {
        let decoder = try RecordDecoder(
            models: ParityModels.set, root: root, options: DecodingOptions(writer: JSONWriterOptions(pretty: pretty)))
        return DecodingRecordWriter(framing: framing, decoder: decoder, singleValueAllowed: single)
    }

    static let ada = #"{"name":"Ada","age":36,"tags":[],"active":true}"#
    static let bob = #"{"name":"Bob","age":40,"tags":["x"],"active":false,"extra":1}"#

    @Test func aLoneValueStaysALoneValue() throws {
        let writer = try writer(.json)
        for record in try records(Self.ada, .json) { try writer.write(record) }
        writer.finish()
        #expect(writer.output.text == #"{"name":"Ada","age":36,"tags":[],"active":true,"kind":"person"}"# + "\n")
    }

    @Test func severalValuesBecomeAnArrayPrettyLikeConvert() throws {
        let writer = try writer(.json, pretty: true)
        for record in try records(Self.ada + "\n" + Self.bob, .jsonl) { try writer.write(record) }
        writer.finish()
        #expect(
            writer.output.text == """
                [
                  {
                    "name": "Ada",
                    "age": 36,
                    "tags": [],
                    "active": true,
                    "kind": "person"
                  },
                  {
                    "name": "Bob",
                    "age": 40,
                    "tags": [
                      "x"
                    ],
                    "active": false,
                    "kind": "person"
                  }
                ]

                """)
    }

    @Test func aBadRecordWritesNothing() throws {
        let writer = try writer(.jsonSeq)
        let all = try records(Self.ada + "\n{}\n" + Self.bob, .jsonl)
        try writer.write(all[0])
        #expect(throws: RecordDecodingError.self) { try writer.write(all[1]) }
        try writer.write(all[2])
        #expect(writer.output.text.split(separator: "\u{1E}").count == 2)
        #expect(!writer.output.text.contains("\u{1E}\u{1E}"))
    }

    @Test func aBadFirstRecordIsReportedAtOnce() throws {
        let writer = try writer(.json)
        let all = try records("{}", .json)
        #expect(throws: RecordDecodingError.self) { try writer.write(all[0]) }
        writer.finish()
        #expect(writer.output.text == "[]\n")
    }

    @Test func anArrayOfTIsOneArray() throws {
        let writer = try writer(.jsonl, root: .array(Self.person))
        let element = try RecordDecoder(models: ParityModels.set, root: Self.person)
        writer.beginArray()
        for record in try records("[\(Self.ada),\(Self.bob)]", .json) {
            try writer.writeArrayElement(record, with: element)
        }
        writer.endArray()
        for record in try records("[\(Self.ada)]", .jsonl) { try writer.writeValue(record) }
        let lines = writer.output.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"[{"name":"Ada""#) && lines[0].hasSuffix(#""kind":"person"}]"#))
        #expect(lines[1].hasPrefix("[{") && lines[1].hasSuffix("}]"))
    }
}
