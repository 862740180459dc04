import CodableParsing
import CodableReports

/// One batch of records through a checker: the work a validation task does, away from the
/// loop that reports (which keeps the input order).
struct BatchCheck: Sendable {
    let checker: any RecordChecker
    /// How reports name the input.
    let file: String
    /// At most this many problems per record (`--max-errors`).
    let limit: Int

    /// Each record's problems, located in the input, in record order.
    func problems(in batch: RecordBatch) -> [[ValidationProblem]] {
        let isSoleValue = batch.framing == .json && !batch.fromTopLevelArray
        let file = batch.sourceName ?? self.file
        var result: [[ValidationProblem]] = []
        result.reserveCapacity(batch.count)
        for index in 0..<batch.count {
            if Task.isCancelled { break }
            let findings = checker.findings(in: batch[index], limit: limit)
            result.append(findings.map { finding in
                ValidationProblem(
                    file: file, location: batch.location(ofNode: finding.node), excerpt: batch.excerpt(ofNode: finding.node),
                    record: isSoleValue ? nil : batch.firstRecordIndex + index,
                    path: batch.codingPath(ofNode: finding.node, inRecord: index), instancePath: finding.instancePath,
                    rule: finding.rule, ruleLocation: finding.ruleLocation, ruleSource: checker.subject.kind,
                    absoluteRuleLocation: finding.absoluteRuleLocation, message: finding.message)
            })
        }
        return result
    }
}
