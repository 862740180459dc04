import Testing
@testable import CodableParsing

/// A node is twelve bytes: its kind, flags and count share one word, and a count has 27 bits, so
/// every reader refuses a container holding more values (at any depth) than `maxValues`; with a
/// small limit here, exactly at it passes and one past fails at the container.
@Suite struct NodeLayoutTests {
    @Test func aNodeIsTwelveBytesAndItsFieldsKeepTheirValues() {
        #expect(MemoryLayout<JSONNode>.stride == 12)
        var node = JSONNode(kind: .object, flags: 3, start: 7, length: 9, count: JSONNode.maxValues)
        #expect(node.kind == .object && node.flags == 3 && node.start == 7 && node.length == 9 && node.count == UInt32(JSONNode.maxValues))
        node.kind = .string
        node.flags = 1
        node.count = 5
        #expect(node.kind == .string && node.flags == 1 && node.count == 5)
        node.countMember()
        #expect(node.count == 6 && node.kind == .string && node.flags == 1)
        for kind in [JSONNode.Kind.null, .false, .true, .number, .string, .array, .object] {
            #expect(JSONNode(kind: kind, start: 0, length: 0, count: 1).kind == kind)
        }
    }

    /// `[[1,2],3]` holds four values; `{"a":[1]}` three (the key counts).
    @Test func theJSONScannerCountsEveryValueInsideAContainer() throws {
        for (text, values) in [("[[1,2],3]", 4), (#"{"a":[1]}"#, 3), (#"{"a":{},"b":[]}"#, 4)] {
            #expect(try scan(text, maxValues: values) == values, "\(text)")
            #expect(throws: JSONSyntaxError(.tooManyValues(limit: values - 1), at: 0)) { try scan(text, maxValues: values - 1) }
        }
        #expect(throws: JSONSyntaxError(.tooManyValues(limit: 2), at: 4)) { try scan("[1, [2, 3, 4]]", maxValues: 2) }
    }

    private func scan(_ text: String, maxValues: Int) throws(JSONSyntaxError) -> Int {
        let bytes = Array(text.utf8)
        var scanner = JSONScanner(maxValues: maxValues)
        let nodes = NodeBuffer()
        _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try scanner.scanValue(in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: true, into: nodes)
        }
        return Int(nodes[0].length)
    }

    @Test func aCSVRowMakingTooManyValuesIsAnError() throws {
        let text = "a,b\n1,2\n1,2,3\n"
        let options = CSVReaderOptions(hasHeader: false, maxValues: 2)
        let reader = CSVReader(source: InMemoryByteSource(text), options: options)
        var records: [String] = []
        #expect(throws: RecordReadError.self) { try appendRecords(of: reader, to: &records) }
        #expect(records == [#"["a","b"]"#, "[1,2]"])
        var withHeader = CSVReaderOptions(maxValues: 4)
        withHeader.chunkSize = 1 << 20
        #expect(try readAll(CSVReader(source: InMemoryByteSource("a,b\n1,2\n"), options: withHeader)) == [#"{"a":1,"b":2}"#])
        withHeader.maxValues = 3
        #expect(throws: RecordReadError.self) { _ = try readAll(CSVReader(source: InMemoryByteSource("a,b\n1,2\n"), options: withHeader)) }
    }

    private func readAll(_ reader: some RecordBatchReader) throws(RecordReadError) -> [String] {
        var records: [String] = []
        try appendRecords(of: reader, to: &records)
        return records
    }
}
