import CodableParsing
import Dispatch
import Testing

@testable import CodablePipeline

/// A source of endless JSON Lines that counts how often it was read.
final class CountingSource: ByteSource, @unchecked Sendable {
    private(set) var reads = 0
    private let line = Array("{\"id\":1,\"title\":\"x\"}\n".utf8)

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        reads += 1
        let lines = buffer.count / line.count
        for index in 0..<lines {
            line.withUnsafeBytes {
                buffer.baseAddress!.advanced(by: index * line.count).copyMemory(
                    from: $0.baseAddress!, byteCount: line.count)
            }
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

    /// The same lifecycle rules hold for one reader and for JSON Lines scanned on several
    /// threads (`parallel`).
    static func lines(_ source: some ByteSource, chunkSize: Int = 1 << 20, parallel: Bool) -> RecordStream {
        let options = RecordReaderOptions(framing: .jsonl, chunkSize: chunkSize)
        return parallel
            ? RecordStream(linesFrom: source, options: options, workers: 2)
            : RecordStream(source: source, options: options)
    }

    @Test(arguments: [false, true])
    func aConsumerThatStopsStopsTheReading(parallel: Bool) async throws {
        let source = CountingSource()
        var records = 0
        for try await batch in Self.lines(source, chunkSize: 4096, parallel: parallel) {
            records += batch.count
            if records >= 1_000 { break }
        }
        #expect(records >= 1_000)
        // An endless input was read only as far as the consumer wanted (and, in parallel, the
        // scans in flight).
        #expect(source.reads <= (parallel ? 12 : 6))
    }

    @Test(arguments: [false, true])
    func cancellationEndsTheStream(parallel: Bool) async throws {
        let source = CountingSource()
        let task = Task {
            var batches = 0
            for try await _ in Self.lines(source, chunkSize: 4096, parallel: parallel) {
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

    /// A pipe that delivers two lines, then nothing until the test opens the gate.
    final class GatedSource: ByteSource, @unchecked Sendable {
        let gate = DispatchSemaphore(value: 0)
        private var reads = 0

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            reads += 1
            guard reads == 1 else {
                gate.wait()
                return 0
            }
            let lines = Array("{\"id\":1}\n{\"id\":2}\n".utf8)
            buffer.copyBytes(from: lines)
            return lines.count
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func recordsReadAreHandedOnWhileTheNextReadWaits(parallel: Bool) async throws {
        let source = GatedSource()
        var batches = Self.lines(source, parallel: parallel).makeAsyncIterator()
        let first = try await batches.next()
        #expect(first?.count == 2)
        source.gate.signal()
        #expect(try await batches.next() == nil)
    }

    @Test func errorsArriveAfterTheRecordsBeforeThem() async throws {
        let stream = RecordStream(
            source: InMemoryByteSource("1\n2\n{\n"), options: RecordReaderOptions(framing: .jsonl))
        var records = 0
        await #expect(throws: RecordReadError.self) {
            for try await batch in stream { records += batch.count }
        }
        #expect(records == 2)
    }
}
