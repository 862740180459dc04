import CodableParsing

/// What the check lane made of one batch, or of a record the reading skipped, in input order.
enum CheckedBatch {
    /// The problems of (a part of) a batch.
    case checked(BatchCheck.Result)
    /// A malformed record the reading skipped: reported as a problem in its place.
    case skipped(CommandFailure)
}

/// `validate`'s check as a stage of `RecordLoop`: the parts of one input's batches, checked in
/// parallel and handed back in input order. Each part is waiting for a task, checked (or done,
/// its problems held) by one, a run of records still to be cut into parts, or a record the
/// reading skipped. At most `window` parts are held, so memory for the problems their tasks
/// hold stays bounded; a batch is taken only when no part is waiting and fewer than `batches`
/// are held.
///
/// A task that stops at `BatchCheck.problemsPerTask` problems hands the rest of its part back
/// (`BatchCheck.Result.rest`). It goes first, and is cut into parts as tasks come free: the
/// parts after the one being reported are checked at once, while later batches' first tasks,
/// done, wait their turn.
final class CheckLane: BatchLane {
    typealias Taken = CheckedBatch

    private enum Progress {
        /// A part for one task.
        case waiting(BatchCheck.Resumption)
        /// Records to be cut into parts of `length` records.
        case uncut(BatchCheck.Resumption, length: Int)
        case started(Task<BatchCheck.Result, Never>)
        /// A record the reading skipped: nothing to check.
        case skipped(CommandFailure)
    }

    private struct Part {
        /// The batch the part is of (nil for a skipped record).
        let batch: RecordBatch?
        /// The batch's position among those added: parts of one batch share it.
        let batchNumber: Int
        var progress: Progress

        /// Started, or nothing to start.
        var isUnderway: Bool {
            switch progress {
            case .started, .skipped: true
            case .waiting, .uncut: false
            }
        }

        var isStarted: Bool {
            if case .started = progress { true } else { false }
        }
    }

    /// Problems a task holds at most, before the check of its input stops (`--max-errors`
    /// plus one, enough to see the limit passed).
    private let limit: Int
    /// Tasks started and not yet taken, at most.
    let window: Int
    /// Batches with parts in the lane, at most.
    let batches: Int
    /// The check of the input being read.
    private var work: BatchCheck?
    private var parts: [Part] = []
    private var added = 0

    /// Checking tasks started and not yet reported, at most: enough to keep every core busy
    /// while later batches' first tasks, done, wait their turn; few enough to keep memory flat
    /// (each holds at most `BatchCheck.problemsPerTask` problems).
    static let defaultWindow = 8

    /// Batches read and not yet reported, at most.
    static let defaultBatches = 4

    /// A lane whose tasks hold at most `limit` problems each (nil: no limit).
    init(limit: Int?, window: Int = CheckLane.defaultWindow, batches: Int = CheckLane.defaultBatches) {
        // One past the limit, to tell a run with exactly `limit` problems from a cut one.
        self.limit = limit.map { $0 + 1 } ?? Int.max
        self.window = window
        self.batches = batches
    }

    deinit { cancelAll() }

    func startInput(_ input: RunInput) {
        guard let check = input.check else { preconditionFailure("an input to check has no check") }
        work = BatchCheck(checker: check.checker, file: input.file.displayName, limit: limit)
    }

    /// True when a batch may be added: every part is underway, and there is room.
    var hasRoom: Bool {
        parts.count < window && parts.allSatisfy(\.isUnderway)
            && (parts.first.map { added - $0.batchNumber } ?? 0) < batches
    }

    /// Tasks started and not yet taken (a handful: counted, not kept).
    private var started: Int {
        parts.reduce(0) { $0 + ($1.isStarted ? 1 : 0) }
    }

    /// Adds a batch, its first task started.
    func start(_ batch: RecordBatch, from file: InputFile) {
        parts.append(Part(batch: batch, batchNumber: added, progress: .waiting(BatchCheck.Resumption(record: 0))))
        added += 1
        startWaiting()
    }

    func skip(_ failure: CommandFailure, from file: InputFile) {
        parts.append(Part(batch: nil, batchNumber: added, progress: .skipped(failure)))
    }

    /// Cancels what is still being checked (the run stopped wanting it), and forgets it.
    func endInput(readAsJSON: Bool) {
        cancelAll()
        parts = []
        work = nil
    }

    /// What the first part's task found, once it is done; the rest of the part, if the task
    /// stopped short, goes first, and waiting parts are started as room allows.
    func next() async -> CheckedBatch? {
        guard !parts.isEmpty else { return nil }
        if case .skipped(let failure) = parts[0].progress {
            parts.removeFirst()
            return .skipped(failure)
        }
        // Always started already (taking the part before it made room), but never waited on unstarted.
        if !parts[0].isStarted { startWaiting() }
        guard case .started(let task) = parts[0].progress else { return nil }
        let first = parts.removeFirst()
        let result = await task.value
        switch result.rest {
        case .record(let rest)?:
            parts.insert(Part(batch: first.batch, batchNumber: first.batchNumber, progress: .waiting(rest)), at: 0)
        case .records(let rest, let length)?:
            parts.insert(
                Part(batch: first.batch, batchNumber: first.batchNumber, progress: .uncut(rest, length: length)), at: 0)
        case nil:
            lengthenParts(after: result)
        }
        startWaiting()
        return .checked(result)
    }

    /// Cancels every started task (the run stopped; what they find is not reported).
    private func cancelAll() {
        for part in parts {
            if case .started(let task) = part.progress { task.cancel() }
        }
    }

    /// Starts waiting parts, and parts cut from runs of records, first ones first, while fewer
    /// than `window` tasks are started.
    private func startWaiting() {
        var index = 0
        while started < window && index < parts.count {
            switch parts[index].progress {
            case .started, .skipped:
                index += 1
            case .waiting(let part):
                start(part, at: index)
                index += 1
            case .uncut(let records, let length):
                let batch = parts[index].batch!
                var rest: BatchCheck.Resumption? = records
                guard let part = BatchCheck.cutPart(from: &rest, length: length, in: batch) else { return }
                if let rest {
                    parts[index].progress = .uncut(rest, length: length)
                    parts.insert(
                        Part(batch: batch, batchNumber: parts[index].batchNumber, progress: .waiting(part)), at: index)
                } else {
                    parts[index].progress = .waiting(part)
                }
                start(part, at: index)
                index += 1
            }
        }
    }

    /// A part cut from a run of records found few problems (under a quarter of what a task
    /// holds): the run's next parts are twice as long, so that clean records after bad ones are
    /// not checked a task a record. The run is the first one queued: parts are cut from a run,
    /// and put before it, only as tasks come free (once it is used up, the run it came from).
    private func lengthenParts(after result: BatchCheck.Result) {
        guard result.records.reduce(0, { $0 + $1.count }) < BatchCheck.problemsPerTask / 4,
            let index = parts.firstIndex(where: { if case .uncut = $0.progress { true } else { false } }),
            case .uncut(let records, let length) = parts[index].progress
        else { return }
        parts[index].progress = .uncut(records, length: length * 2)
    }

    /// Starts a task on `part`, the part at `index`.
    private func start(_ part: BatchCheck.Resumption, at index: Int) {
        guard let batch = parts[index].batch, let work else { preconditionFailure("a check started outside an input") }
        parts[index].progress = .started(Task { work.problems(in: batch, from: part) })
    }
}
