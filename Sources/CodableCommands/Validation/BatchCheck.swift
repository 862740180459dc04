import CodableParsing
import CodablePipeline
import CodableReports

/// One batch of records through a checker: the work a validation task does, away from the
/// loop that reports (which keeps the input order).
struct BatchCheck: Sendable {
    let checker: any RecordChecker
    /// How reports name the input.
    let file: String
    /// At most this many problems a task (`--max-errors` plus one, enough for the sink to see
    /// the limit passed).
    let limit: Int

    /// The most problems one task holds before it stops at a record's end and leaves the rest
    /// of its part of the batch to later tasks (`Result.rest`): with every record bad
    /// (`--max-errors 0`), a batch of 1 MiB of small records makes tens of thousands of
    /// problems, and the check lane checks four batches at once. A record with more findings than
    /// `SortedFindings` holds in memory is handed on a page of this many at a time. 256: a
    /// smaller page holds less of such a record's problems at once (for JUnit most of all),
    /// and many bad records take as long with small pages as with large ones.
    static let problemsPerTask = 256

    /// A part of a batch for a task: its records from `record` up to `end` (nil: the batch's
    /// end), the findings of the first not yet reported when an earlier task began it (its
    /// `SortedFindings` came out a page at a time), and a cursor placed at or before its first
    /// problem, so that placing them counts on from there, not from the batch's start.
    struct Resumption: Sendable {
        var record: Int
        var end: Int?
        var findings: SortedFindings?
        var places = PlaceCursor()
    }

    /// What checking a batch found.
    struct Result: Sendable {
        /// Each record's problems, located in the input, in record order.
        var records: [[ValidationProblem]] = []
        /// The first of `records` goes on with a record an earlier task began (and counted).
        var continuesRecord = false
        /// The schema or model could not check a record: the run stops with this.
        var failure: CommandFailure?
        /// The rest of the part, when this task stopped at `problemsPerTask` problems.
        var rest: Rest?
    }

    /// What a task that stopped short leaves to later ones.
    enum Rest: Sendable {
        /// The findings of a record not yet reported, and the records after it: one task's part.
        case record(Resumption)
        /// Records from a record's start, to be cut into parts of `partLength` records, checked
        /// by tasks at once (see `cutPart(from:length:in:)`).
        case records(Resumption, partLength: Int)
    }

    /// The problems of each record of `batch` in the part `start`, located in the input, in
    /// record order; past `problemsPerTask` problems, it stops at a record's end (the rest in
    /// parts), or within a record whose findings did not fit in memory (a page of them at a
    /// time).
    func problems(in batch: RecordBatch, from start: Resumption = Resumption(record: 0)) -> Result {
        let isSoleValue = batch.framing == .json && !batch.fromTopLevelArray
        let file = batch.sourceName ?? self.file
        let end = start.end ?? batch.count
        var result = Result(continuesRecord: start.findings != nil)
        var found = 0
        var held = 0
        var pages: [(record: Int, findings: [CheckerFinding])] = []
        var index = start.record
        // A record's findings past memory, handed out a page at a time.
        var open = start.findings
        // Each record's findings, until some go past memory (then it becomes `open`).
        var collector: SortedFindings?
        // The first record left to later tasks, when this one stopped at a record's end.
        var stoppedAt: Int?
        while index < end {
            if open == nil {
                // Past the limit the run stops within this batch: later records are never reported.
                if Task.isCancelled || found >= limit { break }
                if held >= Self.problemsPerTask {
                    stoppedAt = index
                    break
                }
                let findings = collector ?? SortedFindings(directory: TemporaryFiles.directory.string)
                collector = findings
                do { try checker.findings(in: batch[index], limit: limit - found, each: findings.add) } catch {
                    result.failure = error
                    break
                }
                found += findings.count
                if findings.isInMemory {
                    let page = findings.takeInMemory()
                    pages.append((index, page))
                    held += page.count
                    index += 1
                    continue
                }
                open = findings
                collector = nil
            }
            let page: [CheckerFinding]
            do { page = try open!.nextPage(atMost: Self.problemsPerTask - held) } catch {
                result.failure = error
                break
            }
            pages.append((index, page))
            held += page.count
            guard open!.isExhausted else {
                result.rest = .record(Resumption(record: index, end: start.end, findings: open))
                break
            }
            open = nil
            index += 1
        }
        // Located all at once: one pass over the batch's input, not one from its start a problem,
        // on from the page before when this goes on with a record.
        var places = start.places
        var locations = batch.locations(ofNodes: pages.flatMap { $0.findings.map(\.node) }, continuing: &places)[...]
        result.records.reserveCapacity(pages.count)
        for (index, findings) in pages {
            // Also at once, for the record: one walk down it, not one a problem.
            var paths = batch.codingPaths(ofNodes: findings.map(\.node), inRecord: index, continuing: &places)[...]
            result.records.append(
                findings.map { finding in
                    ValidationProblem(
                        file: file, location: locations.removeFirst(), excerpt: batch.excerpt(ofNode: finding.node),
                        record: isSoleValue ? nil : batch.firstRecordIndex + index,
                        path: paths.removeFirst(), instancePath: finding.instancePath,
                        rule: finding.rule, ruleLocation: finding.ruleLocation, ruleSource: checker.subject.kind,
                        absoluteRuleLocation: finding.absoluteRuleLocation, message: finding.message)
                })
        }
        if let stoppedAt {
            // As many problems a record as in the records this task checked, half a task's worth
            // a part: most parts end in one task, not in a continuation of a record or two.
            let checked = stoppedAt - start.record
            let length = max(1, checked * Self.problemsPerTask / (2 * held))
            result.rest = .records(Resumption(record: stoppedAt, end: start.end, places: places), partLength: length)
        } else if case .record(var rest) = result.rest {
            rest.places = places
            result.rest = .record(rest)
        }
        return result
    }

    /// The first `length` records of `rest` (records of `batch` from a record's start) as a part
    /// for a task; `rest` goes on after them, its cursor counted on to its new first record, or
    /// becomes nil when nothing is left. So tasks check a batch's parts at once: handed to one
    /// task after another, each started once the one before was reported, a batch of bad
    /// records would be checked on little more than one core. Cut as tasks come free, not all
    /// at once: a record with many problems and a million small ones after it would make a
    /// million parts.
    static func cutPart(from rest: inout Resumption?, length: Int, in batch: RecordBatch) -> Resumption? {
        guard var part = rest else { return nil }
        let end = part.end ?? batch.count
        let next = part.record + length
        guard next < end else {
            rest = nil
            return part
        }
        part.end = next
        rest!.record = next
        _ = batch.locations(ofNodes: [batch[next].root], continuing: &rest!.places)
        return part
    }
}
