import Testing
@testable import CodableParsing

@Test func scansAndWritesBack() throws {
    let reader = RecordReader(source: InMemoryByteSource(#"{"a":[1,2.50,-0]}"#))
    let batch = try #require(try reader.nextBatch())
    let out = OutputBuffer()
    JSONWriter().write(batch[0], to: out)
    #expect(out.text == #"{"a":[1,2.50,-0]}"#)
}
