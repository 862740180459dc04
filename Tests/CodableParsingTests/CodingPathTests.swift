import Testing
@testable import CodableParsing

@Suite struct CodingPathTests {
    @Test func pathsNameKeysAndIndices() throws {
        let text = #"{"owner":{"email":"x","tags":["a",{"first name":true}]},"n":1}"#
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let batch = try #require(try reader.nextBatch())
        let record = batch[0]
        func path(of source: String) -> String? {
            for index in 0..<batch.nodes.count where Record(batch: batch, root: index).compactText == source {
                return CodingPath.describe(node: index, in: record, recordIndex: 3)
            }
            return nil
        }
        #expect(path(of: #""x""#) == "$[3].owner.email")
        #expect(path(of: #""a""#) == "$[3].owner.tags[0]")
        #expect(path(of: "true") == #"$[3].owner.tags[1]["first name"]"#)
        #expect(path(of: "1") == "$[3].n")
        #expect(CodingPath.describe(node: record.root, in: record, recordIndex: nil) == "$")
    }
}
