import CodableParsing

/// One batch written by a `BatchLane`: the output to write out, the notes to print and the
/// records' failures to report (or skip), in input order. Writing stopped at the first failure
/// the lane does not go on after. Or, in its place among the batches, a malformed record the
/// reading skipped (`--on-error skip`): no output, only that failure to report and count.
struct WrittenBatch {
    let output: OutputBuffer?
    let notes: [String]
    let failures: [CommandFailure]
    var skippedRead: CommandFailure? = nil
}

/// Where `RecordLoop` hands batches to be worked on record by record by a stage that may fail
/// on a record (dates re-encoded, records decoded, records checked): on this thread, one batch
/// at a time, or on several cores at once. What the stage made of each batch (`Taken`) comes
/// back in the order the batches were started.
protocol BatchLane<Taken>: AnyObject {
    /// What a batch becomes: a `WrittenBatch` for a writer's lane, a `CheckedBatch` for a
    /// check's.
    associatedtype Taken
    /// Whether another batch can be started before the oldest one is taken (`next()`).
    var hasRoom: Bool { get }
    /// Starts an input, before its first batch.
    func startInput(_ input: RunInput)
    /// Starts working on `batch`, read from `file`.
    func start(_ batch: RecordBatch, from file: InputFile)
    /// Places a malformed record the reading skipped after the batches started so far: it
    /// comes back from `next()` in its turn, so it is reported in input order without waiting
    /// for the batches before it (which would leave all cores but one idle at each one).
    func skip(_ failure: CommandFailure, from file: InputFile)
    /// The oldest batch started and not taken yet (a writer's output is to be written out and
    /// emptied before the next call), or nil when there is none.
    func next() async -> Taken?
    /// Ends an input, once every batch of it was taken or the run stopped wanting them;
    /// `readAsJSON`: it was read as JSON.
    func endInput(readAsJSON: Bool)
}

extension BatchLane {
    func startInput(_ input: RunInput) {}
}
