import CodableParsing

/// Batches written by `BatchRecordWriter`s and handed back in the order they were started.
/// With one writer, each batch is written on the calling thread when it is started. With more,
/// each batch is written in a task of its own, by a writer of its own (`decode` decodes on the
/// way, `convert` re-encodes dates): for JSON Lines and JSON text sequences, whose records stand
/// alone (no array around them, no separators between them).
///
/// At most one batch per writer is in flight: a writer is reused only after the consumer took
/// the output of its previous batch (`next()`), which makes the unchecked `Sendable` sound, and
/// keeps memory flat. Each batch carries a `Tag` (where it was read) back to the consumer.
public final class ParallelBatchWriter<Writer: BatchRecordWriter, Tag>: @unchecked Sendable {
    /// One batch written: its writer's output holds the records that were written; the ones
    /// that failed are listed in order. Writing stops at the first failure that does not let
    /// the batch go on.
    public struct Written: @unchecked Sendable {
        /// The batch written.
        public let batch: RecordBatch
        /// The records written, to be written out and emptied before the next `next()`.
        public let output: OutputBuffer
        /// The records that failed (their index in the batch), in order.
        public let failures: [(index: Int, error: Writer.Failure)]
        /// The writer's notes about the records written (`--explain-dates`).
        public let notes: [String]
    }

    /// What `next()` hands back, in the order it was started or held.
    public enum Taken {
        /// A batch, written, with its tag.
        case written(Written, Tag)
        /// A place held in the order (`hold(_:)`), with its tag.
        case held(Tag)
    }

    /// A writer lent to one task at a time (see the type's comment).
    private final class Slot: @unchecked Sendable {
        let writer: Writer
        init(_ writer: Writer) { self.writer = writer }

        /// Writes `batch`'s records, up to the first failure `goesOnAfter` does not let it go
        /// on after.
        func write(_ batch: RecordBatch, goesOnAfter: (Writer.Failure) -> Bool) -> Written {
            var failures: [(index: Int, error: Writer.Failure)] = []
            for index in 0..<batch.count {
                do throws(Writer.Failure) {
                    try writer.write(batch[index])
                } catch {
                    failures.append((index, error))
                    guard goesOnAfter(error) else { break }
                }
            }
            return Written(batch: batch, output: writer.output, failures: failures, notes: writer.takeNotes())
        }
    }

    /// A batch started (written already with one writer, or being written in a task), or a
    /// place held.
    private enum Pending {
        case written(Written)
        case writing(Task<Written, Never>)
        case held

        var holdsWriter: Bool {
            if case .held = self { return false }
            return true
        }
    }

    private let slots: [Slot]
    private let goesOnAfter: @Sendable (Writer.Failure) -> Bool
    private var inFlight: [(pending: Pending, tag: Tag)] = []
    private var started = 0
    /// The batches in `inFlight`, each holding a writer.
    private var writing = 0

    /// Writes with `writers` (at least one; one batch in flight each). After a record fails,
    /// its batch goes on when `goesOnAfter` says so, and stops otherwise.
    public init(writers: [Writer], goesOnAfter: @escaping @Sendable (Writer.Failure) -> Bool) {
        precondition(!writers.isEmpty, "a batch writer needs a writer")
        self.slots = writers.map(Slot.init)
        self.goesOnAfter = goesOnAfter
    }

    deinit {
        for (pending, _) in inFlight {
            if case .writing(let task) = pending { task.cancel() }
        }
    }

    /// Whether another batch can be started before the oldest one is taken.
    public var hasRoom: Bool { writing < slots.count }

    /// Starts writing `batch` (on this thread with one writer).
    public func start(_ batch: RecordBatch, tag: Tag) {
        precondition(hasRoom, "more batches started than there are writers")
        let slot = slots[started % slots.count]
        started += 1
        writing += 1
        let goesOnAfter = self.goesOnAfter
        if slots.count == 1 {
            inFlight.append((.written(slot.write(batch, goesOnAfter: goesOnAfter)), tag))
        } else {
            inFlight.append((.writing(Task.detached { slot.write(batch, goesOnAfter: goesOnAfter) }), tag))
        }
    }

    /// Holds a place after the batches started so far: `next()` hands it back in its turn, so
    /// something that is not a batch (a record the reading skipped) keeps its place in the
    /// order without waiting for the batches before it.
    public func hold(_ tag: Tag) {
        inFlight.append((.held, tag))
    }

    /// Ends what each writer keeps open for one input, once every batch of it was taken;
    /// `readAsJSON`: the input was read as JSON.
    public func endInput(readAsJSON: Bool) {
        precondition(inFlight.isEmpty, "an input ended with batches in flight")
        for slot in slots { slot.writer.endInput(readAsJSON: readAsJSON) }
    }

    /// The oldest batch started (once written) or place held, and not taken yet; nil when
    /// there is none.
    public func next() async -> Taken? {
        guard !inFlight.isEmpty else { return nil }
        let (pending, tag) = inFlight.removeFirst()
        if pending.holdsWriter { writing -= 1 }
        switch pending {
        case .written(let written): return .written(written, tag)
        case .writing(let task): return .written(await task.value, tag)
        case .held: return .held(tag)
        }
    }
}
