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
    /// (`--max-errors 0`, 500 000 bad records of 16 bytes).
    static let problemsPerTask = 1024

    /// What checking a batch found.
    struct Result: Sendable {
        /// Each record's problems, located in the input, in record order.
        var records: [[ValidationProblem]] = []
        /// The schema or model could not check a record: the run stops with this.
        var failure: CommandFailure?
        /// The first record not checked, when the task stopped at `problemsPerTask` problems.
        var resumeAt: Int?
    }

    /// The problems of each record of `batch` from record `first` on, located in the input, in
    /// record order; at a record's end past `problemsPerTask` problems, it stops there.
    func problems(in batch: RecordBatch, from first: Int = 0) -> Result {
        let isSoleValue = batch.framing == .json && !batch.fromTopLevelArray
        let file = batch.sourceName ?? self.file
        var result = Result()
        result.records.reserveCapacity(batch.count - first)
        var found = 0
        var findingsByRecord: [[CheckerFinding]] = []
        for index in first..<batch.count {
            // Past the limit the run stops within this batch: later records are never reported.
            if Task.isCancelled || found >= limit { break }
            if found >= Self.problemsPerTask {
                result.resumeAt = index
                break
            }
            let findings: [CheckerFinding]
            do { findings = try checker.findings(in: batch[index], limit: limit - found) } catch {
                result.failure = error
                break
            }
            found += findings.count
            findingsByRecord.append(findings)
        }
        // Located all at once: one pass over the batch's input, not one from its start a problem.
        var locations = batch.locations(ofNodes: findingsByRecord.flatMap { $0.map(\.node) })[...]
        for (offset, findings) in findingsByRecord.enumerated() {
            let index = first + offset
            // Also at once, for the record: one walk down it, not one a problem.
            var paths = batch.codingPaths(ofNodes: findings.map(\.node), inRecord: index)[...]
            result.records.append(findings.map { finding in
                ValidationProblem(
                    file: file, location: locations.removeFirst(), excerpt: batch.excerpt(ofNode: finding.node),
                    record: isSoleValue ? nil : batch.firstRecordIndex + index,
                    path: paths.removeFirst(), instancePath: finding.instancePath,
                    rule: finding.rule, ruleLocation: finding.ruleLocation, ruleSource: checker.subject.kind,
                    absoluteRuleLocation: finding.absoluteRuleLocation, message: finding.message)
            })
        }
        return result
    }
}
