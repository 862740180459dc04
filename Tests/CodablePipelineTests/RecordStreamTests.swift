import Testing
import CodableParsing
@testable import CodablePipeline

/// A source of endless JSON Lines that counts how often it was read.
final class CountingSource: ByteSource, @unchecked Sendable {
    private(set) var reads = 0
    private let line = Array("{\"id\":1,\"title\":\"x\"}\n".utf8)

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        reads += 1
        let lines = buffer.count / line.count
        for index in 0..<lines {
            line.withUnsafeBytes { buffer.baseAddress!.advanced(by: index * line.count).copyMemory(from: $0.baseAddress!, byteCount: line.count) }
        }
        return lines * line.count
    }
}

@Suite struct RecordStreamTests {
    @Test func streamYieldsEveryRecordAndFinishes() async throws {
        let stream = RecordStream(source: InMemoryByteSource("1 2 3"), options: RecordReaderOptions())
        var count = 0
        for try await batch in stream { count += batch.count }
        #expect(count == 3)
    }

    @Test func aConsumerThatStopsStopsTheReading() async throws {
        let source = CountingSource()
        let stream = RecordStream(source: source, options: RecordReaderOptions(framing: .jsonl, chunkSize: 4096))
        var records = 0
        for try await batch in stream {
            records += batch.count
            if records >= 1_000 { break }
        }
        #expect(records >= 1_000)
        // An endless input was read only as far as the consumer wanted.
        #expect(source.reads <= 6)
    }

    @Test func cancellationEndsTheStream() async throws {
        let source = CountingSource()
        let task = Task {
            var batches = 0
            for try await _ in RecordStream(source: source, options: RecordReaderOptions(framing: .jsonl, chunkSize: 4096)) {
                batches += 1
                await Task.yield()
            }
            return batches
        }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let batches = try await task.value
        #expect(batches > 0)
    }

    @Test func errorsArriveAfterTheRecordsBeforeThem() async throws {
        let stream = RecordStream(source: InMemoryByteSource("1\n2\n{\n"), options: RecordReaderOptions(framing: .jsonl))
        var records = 0
        await #expect(throws: RecordReadError.self) {
            for try await batch in stream { records += batch.count }
        }
        #expect(records == 2)
    }
}
