import CodableParsing
import Testing

@testable import CodablePipeline

/// Batches written on several threads come back in the order they were started, each with its
/// tag and its failures, places held keep their turn, and a failure that does not let a batch
/// go on ends it there.
@Suite struct ParallelBatchWriterTests {
    struct Rejected: Error { let id: Int }

    /// Writes each record as one JSON line; a record whose `id` is in `rejects` fails.
    final class LineWriter: BatchRecordWriter, @unchecked Sendable {
        let output = OutputBuffer()
        let rejects: Set<Int>
        private var writer = JSONWriter()
        private var written = 0

        init(rejects: Set<Int>) { self.rejects = rejects }

        func write(_ record: Record) throws(Rejected) {
            let line = OutputBuffer()
            writer.write(record, to: line)
            let id = Int(line.text.filter(\.isNumber)) ?? -1
            if rejects.contains(id) { throw Rejected(id: id) }
            writer.write(record, to: output)
            output.append(UInt8(ascii: "\n"))
            written += 1
        }

        func takeNotes() -> [String] { ["\(written) written"] }
    }

    /// `count` batches of `size` records `{"id":N}`, numbered on from 0.
    func batches(count: Int, size: Int) throws -> [RecordBatch] {
        try (0..<count).map { number in
            let lines = (0..<size).map { #"{"id":\#(number * size + $0)}"# + "\n" }.joined()
            let reader = RecordReader(source: InMemoryByteSource(lines), options: RecordReaderOptions(framing: .jsonl))
            return try #require(try reader.nextBatch())
        }
    }

    /// Runs every batch through `workers` writers, holding a place after every third batch,
    /// and returns what came back, in order: each written batch as its tag, its lines and its
    /// failures' ids; each held place as its tag.
    func run(workers: Int, rejects: Set<Int>, goesOn: Bool) async throws -> [String] {
        let writer = ParallelBatchWriter<LineWriter, String>(
            writers: (0..<workers).map { _ in LineWriter(rejects: rejects) }, goesOnAfter: { _ in goesOn })
        var taken: [String] = []
        func take(_ next: ParallelBatchWriter<LineWriter, String>.Taken) {
            switch next {
            case .held(let tag): taken.append(tag)
            case .written(let written, let tag):
                let lines = written.output.text.split(separator: "\n").joined(separator: " ")
                taken.append("\(tag): \(lines) | \(written.failures.map(\.error.id))")
                written.output.removeAll()
            }
        }
        for (number, batch) in try batches(count: 12, size: 5).enumerated() {
            while !writer.hasRoom, let next = await writer.next() { take(next) }
            writer.start(batch, tag: "batch \(number)")
            if number % 3 == 2 { writer.hold("held after \(number)") }
        }
        while let next = await writer.next() { take(next) }
        writer.endInput(readAsJSON: true)
        return taken
    }

    @Test(arguments: [2, 3, 8])
    func severalWritersHandBackWhatOneWriterDoes(workers: Int) async throws {
        for goesOn in [true, false] {
            let oneWriter = try await run(workers: 1, rejects: [7, 8, 31], goesOn: goesOn)
            #expect(try await run(workers: workers, rejects: [7, 8, 31], goesOn: goesOn) == oneWriter)
        }
    }

    @Test func batchesComeBackInOrderWithTheirTagsAndHeldPlaces() async throws {
        let taken = try await run(workers: 3, rejects: [], goesOn: false)
        #expect(taken.count == 16)
        #expect(taken[0] == #"batch 0: {"id":0} {"id":1} {"id":2} {"id":3} {"id":4} | []"#)
        #expect(taken[3] == "held after 2")
        #expect(taken[15] == "held after 11")
    }

    @Test func aFailureEndsItsBatchUnlessTheWriterGoesOn() async throws {
        let stopped = try await run(workers: 2, rejects: [7, 8], goesOn: false)
        #expect(stopped[1] == #"batch 1: {"id":5} {"id":6} | [7]"#)
        let goneOn = try await run(workers: 2, rejects: [7, 8], goesOn: true)
        #expect(goneOn[1] == #"batch 1: {"id":5} {"id":6} {"id":9} | [7, 8]"#)
    }
}
