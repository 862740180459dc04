import CodableParsing

/// The parts of one input's batches that `validate` checks, in input order: each waiting for a
/// task, checked (or done, its problems held) by one, or a run of records still to be cut into
/// parts. At most `window` tasks are started and not yet taken, so memory for the problems they
/// hold stays bounded; a batch is added only when no part is waiting and fewer than `batches`
/// are held.
///
/// A task that stops at `BatchCheck.problemsPerTask` problems hands the rest of its part back
/// (`BatchCheck.Result.rest`). It goes first, and is cut into parts as tasks come free: the
/// parts after the one being reported are checked at once, while later batches' first tasks,
/// done, wait their turn.
struct CheckQueue {
    private enum Progress {
        /// A part for one task.
        case waiting(BatchCheck.Resumption)
        /// Records to be cut into parts of `length` records.
        case uncut(BatchCheck.Resumption, length: Int)
        case started(Task<BatchCheck.Result, Never>)
    }

    private struct Part {
        let batch: RecordBatch
        /// The batch's position among those added: parts of one batch share it.
        let batchNumber: Int
        var progress: Progress

        var isStarted: Bool {
            if case .started = progress { true } else { false }
        }
    }

    let work: BatchCheck
    /// Tasks started and not yet taken, at most.
    let window: Int
    /// Batches with parts in the queue, at most.
    let batches: Int
    private var parts: [Part] = []
    private var added = 0

    init(work: BatchCheck, window: Int, batches: Int) {
        self.work = work
        self.window = window
        self.batches = batches
    }

    /// True when a batch may be added: every part is started, and there is room.
    var wantsBatch: Bool {
        parts.count < window && parts.allSatisfy(\.isStarted)
            && (parts.first.map { added - $0.batchNumber } ?? 0) < batches
    }

    /// Tasks started and not yet taken (a handful: counted, not kept).
    private var started: Int {
        parts.reduce(0) { $0 + ($1.isStarted ? 1 : 0) }
    }

    /// Adds a batch, its first task started.
    mutating func add(_ batch: RecordBatch) {
        parts.append(Part(batch: batch, batchNumber: added, progress: .waiting(BatchCheck.Resumption(record: 0))))
        added += 1
        startWaiting()
    }

    /// What the first part's task found, once it is done; the rest of the part, if the task
    /// stopped short, goes first, and waiting parts are started as room allows.
    mutating func next() async -> BatchCheck.Result? {
        guard !parts.isEmpty else { return nil }
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
        return result
    }

    /// Cancels every started task (the run stopped; what they find is not reported).
    func cancelAll() {
        for part in parts {
            if case .started(let task) = part.progress { task.cancel() }
        }
    }

    /// Starts waiting parts, and parts cut from runs of records, first ones first, while fewer
    /// than `window` tasks are started.
    private mutating func startWaiting() {
        var index = 0
        while started < window && index < parts.count {
            switch parts[index].progress {
            case .started:
                index += 1
            case .waiting(let part):
                start(part, at: index)
                index += 1
            case .uncut(let records, let length):
                var rest: BatchCheck.Resumption? = records
                guard let part = BatchCheck.cutPart(from: &rest, length: length, in: parts[index].batch) else { return }
                if let rest {
                    parts[index].progress = .uncut(rest, length: length)
                    parts.insert(
                        Part(
                            batch: parts[index].batch, batchNumber: parts[index].batchNumber, progress: .waiting(part)),
                        at: index)
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
    private mutating func lengthenParts(after result: BatchCheck.Result) {
        guard result.records.reduce(0, { $0 + $1.count }) < BatchCheck.problemsPerTask / 4,
            let index = parts.firstIndex(where: { if case .uncut = $0.progress { true } else { false } }),
            case .uncut(let records, let length) = parts[index].progress
        else { return }
        parts[index].progress = .uncut(records, length: length * 2)
    }

    /// Starts a task on `part`, the part at `index`.
    private mutating func start(_ part: BatchCheck.Resumption, at index: Int) {
        let batch = parts[index].batch
        let work = self.work
        parts[index].progress = .started(Task { work.problems(in: batch, from: part) })
    }
}
