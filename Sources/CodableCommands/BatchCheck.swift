import CodableParsing
import CodableReports

/// One batch of records through a checker: the work a validation task does, away from the
/// loop that reports (which keeps the input order).
struct BatchCheck: Sendable {
    let checker: any RecordChecker
    /// How reports name the input.
    let file: String
    /// At most this many problems per batch (`--max-errors` plus one, enough for the runner to
    /// see the limit passed): memory for problems stays bounded whatever the input.
    let limit: Int

    /// The most problems one task holds before it stops at a record's end and leaves the rest
    /// of its batch to a task of its own (`Result.resumeAt`): with every record bad, a batch of
    /// 1 MiB made 63 000 problems, and the runner's four batches at once held 140 MB of them
    /// (`--max-errors 0`, 500 000 bad records of 16 bytes). A record with more findings than
    /// `SortedFindings` holds in memory is handed on a page of this many at a time. 256: a record
    /// of 1 MB with 500 000 problems took 4.4 times its size as JUnit with pages of 1 024,
    /// 3.3 to 3.8 with 512 (4.2 once, in a debug build beside CI's other tests), 2.8 to 3.2
    /// with 256 (3.2 to 3.3 debug); 300 000 bad records take as long with any of them.
    static let problemsPerTask = 256

    /// Where a task goes on from: a record, and the findings of it not yet reported when an
    /// earlier task began it (its `SortedFindings` came out a page at a time), with where
    /// placing its last page got to.
    struct Resumption: Sendable {
        var record: Int
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
        /// Where the next task goes on, when this one stopped at `problemsPerTask` problems.
        var resumeAt: Resumption?
    }

    /// The problems of each record of `batch` from `start` on, located in the input, in record
    /// order; past `problemsPerTask` problems, it stops at a record's end, or within a record
    /// whose findings did not fit in memory (a page of them at a time).
    func problems(in batch: RecordBatch, from start: Resumption = Resumption(record: 0)) -> Result {
        let isSoleValue = batch.framing == .json && !batch.fromTopLevelArray
        let file = batch.sourceName ?? self.file
        var result = Result(continuesRecord: start.findings != nil)
        var found = 0
        var held = 0
        var pages: [(record: Int, findings: [CheckerFinding])] = []
        var index = start.record
        // A record's findings past memory, handed out a page at a time.
        var open = start.findings
        // Each record's findings, until some go past memory (then it becomes `open`).
        var collector: SortedFindings?
        while index < batch.count {
            if open == nil {
                // Past the limit the run stops within this batch: later records are never reported.
                if Task.isCancelled || found >= limit { break }
                if held >= Self.problemsPerTask {
                    result.resumeAt = Resumption(record: index)
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
                result.resumeAt = Resumption(record: index, findings: open)
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
            result.records.append(findings.map { finding in
                ValidationProblem(
                    file: file, location: locations.removeFirst(), excerpt: batch.excerpt(ofNode: finding.node),
                    record: isSoleValue ? nil : batch.firstRecordIndex + index,
                    path: paths.removeFirst(), instancePath: finding.instancePath,
                    rule: finding.rule, ruleLocation: finding.ruleLocation, ruleSource: checker.subject.kind,
                    absoluteRuleLocation: finding.absoluteRuleLocation, message: finding.message)
            })
        }
        result.resumeAt?.places = places
        return result
    }
}
