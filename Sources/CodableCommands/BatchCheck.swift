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

    /// What checking a batch found.
    struct Result: Sendable {
        /// Each record's problems, located in the input, in record order.
        var records: [[ValidationProblem]] = []
        /// The schema or model could not check a record: the run stops with this.
        var failure: CommandFailure?
    }

    /// Each record's problems, located in the input, in record order.
    func problems(in batch: RecordBatch) -> Result {
        let isSoleValue = batch.framing == .json && !batch.fromTopLevelArray
        let file = batch.sourceName ?? self.file
        var result = Result()
        result.records.reserveCapacity(batch.count)
        var found = 0
        var findingsByRecord: [[CheckerFinding]] = []
        for index in 0..<batch.count {
            // Past the limit the run stops within this batch: later records are never reported.
            if Task.isCancelled || found >= limit { break }
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
        for (index, findings) in findingsByRecord.enumerated() {
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
