import Testing
@testable import CodableParsing

@Suite struct DuplicateKeysTests {
    func duplicates(_ text: String) throws -> [DuplicateKeys.Duplicate] {
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let batch = try #require(try reader.nextBatch())
        return DuplicateKeys.find(in: batch[0])
    }

    @Test func findsRepeatedKeysAtAnyDepthAfterResolvingEscapes() throws {
        let found = try duplicates(#"{"a":1,"b":{"x":1,"x":2},"\u0061":3,"c":[{"k":1,"k":{}}]}"#)
        #expect(found.map(\.key) == ["a", "x", "k"])
    }

    @Test func recordsWithoutDuplicatesHaveNone() throws {
        #expect(try duplicates(#"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#).isEmpty)
    }

    @Test func duplicatesPointAtBothOccurrences() throws {
        let reader = RecordReader(source: InMemoryByteSource("{\"id\":1,\n \"id\":2}"), options: RecordReaderOptions(framing: .json))
        let batch = try #require(try reader.nextBatch())
        let found = DuplicateKeys.find(in: batch[0])
        #expect(found.count == 1)
        #expect(batch.location(ofNode: found[0].node) == SourceLocation(offset: 10, line: 2, column: 2))
        #expect(batch.location(ofNode: found[0].firstNode) == SourceLocation(offset: 1, line: 1, column: 2))
    }
}
