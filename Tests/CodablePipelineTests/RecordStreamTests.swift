import Testing
import CodableParsing
@testable import CodablePipeline

@Test func streamYieldsEveryRecord() async throws {
    let stream = RecordStream(source: InMemoryByteSource("1 2 3"), options: RecordReaderOptions())
    var count = 0
    for try await batch in stream { count += batch.count }
    #expect(count == 3)
}
