import CodableDecoding
import CodableParsing

/// `decode` to JSON Lines or JSON text sequences on several cores: each batch is decoded in a
/// task of its own, by a decoder and writer of its own, and the outputs are handed on in input
/// order. Records in those framings stand alone (no array around them, no separators between
/// them), which is what makes this possible; `json` output stays on one thread.
///
/// At most `workers` batches are in flight, one per writer: a writer is reused only after the
/// consumer took the output of its previous batch (`next()`), which makes the unchecked
/// `Sendable` sound, and keeps memory flat.
final class ParallelBatchDecoder: @unchecked Sendable {
    /// One batch decoded: its writer's output holds the records that decoded; the ones that did
    /// not are listed in order. With `stopsAtFailure`, decoding stopped at the first one.
    struct Decoded: @unchecked Sendable {
        let batch: RecordBatch
        let output: OutputBuffer
        let failures: [(index: Int, error: RecordDecodingError)]
    }

    /// A writer lent to one task at a time (see the type's comment).
    private final class Slot: @unchecked Sendable {
        let writer: DecodingRecordWriter
        init(_ writer: DecodingRecordWriter) { self.writer = writer }
    }

    private let writers: [Slot]
    private let skipsBadRecords: Bool
    private var inFlight: [Task<Decoded, Never>] = []
    private var started = 0

    /// `makeWriter` is called once per worker. With `skipsBadRecords`, a record that does not
    /// decode is listed and the batch goes on; otherwise the batch stops at it. A problem in
    /// the model always stops the batch.
    init(workers: Int, skipsBadRecords: Bool, makeWriter: () throws(CommandFailure) -> DecodingRecordWriter) throws(CommandFailure) {
        var writers: [Slot] = []
        for _ in 0..<max(1, workers) { writers.append(Slot(try makeWriter())) }
        self.writers = writers
        self.skipsBadRecords = skipsBadRecords
    }

    deinit { for task in inFlight { task.cancel() } }

    /// Whether another batch can be started.
    var hasRoom: Bool { inFlight.count < writers.count }

    /// Starts decoding `batch`.
    func start(_ batch: RecordBatch) {
        precondition(hasRoom, "more batches started than there are writers")
        let slot = writers[started % writers.count]
        started += 1
        let skipsBadRecords = self.skipsBadRecords
        inFlight.append(Task.detached {
            var failures: [(index: Int, error: RecordDecodingError)] = []
            for index in 0..<batch.count {
                do throws(RecordDecodingError) {
                    try slot.writer.write(batch[index])
                } catch {
                    failures.append((index, error))
                    guard skipsBadRecords, case .data = error else { break }
                }
            }
            return Decoded(batch: batch, output: slot.writer.output, failures: failures)
        })
    }

    /// The next batch in input order (its output is to be written and emptied before the next
    /// call), or nil when none is in flight.
    func next() async -> Decoded? {
        guard !inFlight.isEmpty else { return nil }
        return await inFlight.removeFirst().value
    }
}
