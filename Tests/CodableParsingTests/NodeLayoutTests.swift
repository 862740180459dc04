import Testing

@testable import CodableParsing

/// A node is eight bytes: its kind, flags and extent (a container's size, a token's length)
/// share one word, and an extent has 27 bits, so every reader refuses a container holding more
/// values (at any depth) than `maxValues`; with a small limit here, exactly at it passes and one
/// past fails at the container. A longer string's length is found from its bytes.
@Suite struct NodeLayoutTests {
    @Test func aNodeIsEightBytesAndItsFieldsKeepTheirValues() {
        #expect(MemoryLayout<JSONNode>.stride == 8)
        var node = JSONNode(kind: .object, flags: 3, start: 7, length: JSONNode.maxValues)
        #expect(node.kind == .object && node.flags == 3 && node.start == 7 && node.size == JSONNode.maxValues)
        node.kind = .array
        node.flags = 1
        node.size = 5
        #expect(node.kind == .array && node.flags == 1 && node.size == 5 && node.span == 6)
        for kind in [JSONNode.Kind.null, .false, .true, .number, .string, .array, .object] {
            #expect(JSONNode(kind: kind, start: 0, length: 1).kind == kind)
        }
    }

    /// A token of 2^27 - 1 bytes or more does not fit its node: its length is read up to its
    /// closing quote (escaped quotes and backslashes inside do not end it).
    @Test func aStringLongerThanANodeHoldsIsMeasuredByItsClosingQuote() {
        let bytes = Array(#"  "a\"b\\" , "x""#.utf8)
        let long = JSONNode(kind: .string, flags: 1, start: 2, length: JSONNode.maxValues + 10)
        let short = JSONNode(kind: .string, start: 2, length: 8)
        bytes.withUnsafeBufferPointer { bytes in
            #expect(long.tokenLength(in: bytes.baseAddress!) == 8)
            #expect(Array(long.token(in: bytes.baseAddress!)) == Array(#""a\"b\\""#.utf8))
            #expect(long.stringValue(in: bytes.baseAddress!) == #"a"b\"#)
            #expect(short.tokenLength(in: bytes.baseAddress!) == 8)
        }
        #expect(JSONNode.maxNumberLength == JSONNode.maxValues - 1)
    }

    /// Members and elements are counted from the children, whatever their sizes.
    @Test func aContainersMembersAreCountedFromItsChildren() throws {
        for (text, count) in [
            ("[]", 0), ("1234", 0), (#""abc""#, 0), ("[1,[2,3],{}]", 3), (#"{"a":[1,{"b":2}],"c":3}"#, 2),
            (#"{"a":{}}"#, 1), ("[[[]]]", 1),
        ] {
            let bytes = Array(text.utf8)
            var scanner = JSONScanner()
            let nodes = NodeBuffer()
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try scanner.scanValue(in: buffer.baseAddress!, from: 0, end: buffer.count, isFinal: true, into: nodes)
            }
            #expect(nodes.memberCount(of: 0) == count, "\(text)")
        }
    }

    /// `[[1,2],3]` holds four values; `{"a":[1]}` three (the key counts).
    @Test func theJSONScannerCountsEveryValueInsideAContainer() throws {
        for (text, values) in [("[[1,2],3]", 4), (#"{"a":[1]}"#, 3), (#"{"a":{},"b":[]}"#, 4)] {
            #expect(try scan(text, maxValues: values) == values, "\(text)")
            #expect(throws: JSONSyntaxError(.tooManyValues(limit: values - 1), at: 0)) {
                try scan(text, maxValues: values - 1)
            }
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
        return nodes[0].size
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
        #expect(
            try readAll(CSVReader(source: InMemoryByteSource("a,b\n1,2\n"), options: withHeader)) == [#"{"a":1,"b":2}"#]
        )
        withHeader.maxValues = 3
        #expect(throws: RecordReadError.self) {
            _ = try readAll(CSVReader(source: InMemoryByteSource("a,b\n1,2\n"), options: withHeader))
        }
    }

    private func readAll(_ reader: some RecordBatchReader) throws(RecordReadError) -> [String] {
        var records: [String] = []
        try appendRecords(of: reader, to: &records)
        return records
    }
}
