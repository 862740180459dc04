import Foundation

/// Runs libyaml's parser on its own thread, a batch of events at a time, while the reader builds
/// records from the batches before: the two halves of YAML reading share the machine's cores.
/// For a small input, where starting a thread costs more than it saves, the parser can instead
/// run on the reader's thread, a batch whenever the reader asks (`inBackground: false`).
///
/// At most `depth` filled batches wait for the reader, so the parser never runs far ahead
/// (memory stays bounded); batches come back to be refilled once read. Order is kept: there is
/// one parsing thread and one queue. `cancel()` (the reader is gone) wakes a waiting parser,
/// which then stops and frees libyaml; the reader never waits on a parser that has stopped,
/// because the last batch it sends is marked `isLast`.
final class YAMLEventPipe: @unchecked Sendable {
    private let condition = NSCondition()
    /// Filled batches, oldest first (guarded by `condition`).
    private var filled: [YAMLEventBatch] = []
    /// Read batches, ready to be refilled (guarded by `condition`).
    private var spare: [YAMLEventBatch] = []
    private var cancelled = false
    private var started = false
    private let depth: Int
    private let eventsPerBatch: Int
    private let inBackground: Bool
    /// The parser; touched only by the parsing thread once started (or, not in the background,
    /// by the reader's).
    private let parser: YAMLParser

    /// A pipe over `parser`, holding up to `depth` batches of `eventsPerBatch` events ahead, on
    /// a thread of its own; or, not `inBackground`, parsing on the reader's thread.
    init(parser: YAMLParser, depth: Int = 2, eventsPerBatch: Int = 4096, inBackground: Bool = true) {
        self.parser = parser
        self.depth = depth
        self.eventsPerBatch = eventsPerBatch
        self.inBackground = inBackground
    }

    /// The next filled batch, waiting for the parsing thread (started on first use); the one
    /// marked `isLast` is the end.
    func next() -> YAMLEventBatch {
        guard inBackground else { return parseOnCallingThread() }
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            let thread = Thread { [self] in
                // Named from inside (on Linux a name given before the start never reaches the
                // system: `top -H`, /proc/PID/task/*/comm, 15 bytes at most), and only once
                // `start()` below has returned, which the lock held around it tells: Foundation
                // passes a name on only for a thread whose handle `start()` has stored, and
                // drops it silently before.
                condition.lock()
                condition.unlock()
                Thread.current.name = "codable-yaml"
                run()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        while filled.isEmpty { condition.wait() }
        let batch = filled.removeFirst()
        condition.signal()
        return batch
    }

    /// Gives a read batch back for refilling.
    func recycle(_ batch: YAMLEventBatch) {
        batch.reset()
        condition.lock()
        spare.append(batch)
        condition.unlock()
    }

    /// The reader stops: a parser waiting for room wakes and ends.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next filled batch, parsed on the calling thread. Input that outgrows a batch before
    /// its events come (1 MiB of blank lines) is handed on in it, and the batches so made wait
    /// here: a small input makes none.
    private func parseOnCallingThread() -> YAMLEventBatch {
        if filled.isEmpty {
            let last = parser.fill(
                spare.popLast() ?? YAMLEventBatch(capacity: eventsPerBatch),
                handOn: { [self] full in
                    filled.append(full)
                    return spare.popLast() ?? YAMLEventBatch(capacity: eventsPerBatch)
                })
            filled.append(last!)  // never nil: the hand-on above always gives a batch
        }
        return filled.removeFirst()
    }

    /// The parsing thread: fill a batch, queue it, until the stream ends or the reader stops.
    /// A batch whose input outgrows it before its events come is queued as it is.
    private func run() {
        while let batch = emptyBatch() {
            guard
                let last = parser.fill(
                    batch,
                    handOn: { [self] full in
                        send(full)
                        return emptyBatch()
                    })
            else { return }
            send(last)
            if last.isLast { return }
        }
    }

    /// A batch to fill, once fewer than `depth` wait for the reader; nil when it stopped.
    private func emptyBatch() -> YAMLEventBatch? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && filled.count >= depth { condition.wait() }
        return cancelled ? nil : (spare.popLast() ?? YAMLEventBatch(capacity: eventsPerBatch))
    }

    /// Queues a filled batch for the reader.
    private func send(_ batch: YAMLEventBatch) {
        condition.lock()
        filled.append(batch)
        condition.signal()
        condition.unlock()
    }
}
