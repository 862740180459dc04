import CodableParsing

/// One record's findings, put in document order however many there are: stably by node, so
/// findings at one node keep the order the checker found them in.
///
/// Up to `runLength` findings are held and sorted in memory. Past that, each full run is
/// sorted and appended to an unnamed temporary file in `$TMPDIR`, and the runs are merged back
/// a page at a time (`nextPage(atMost:)`): a record with 500 000 problems does not hold them
/// all. When no file can be made or written, all the findings stay in memory.
///
/// Used by one task at a time: the checking task that fills it, then each task that takes the
/// next page (the check lane starts one only when the one before has ended).
final class SortedFindings: @unchecked Sendable {
    /// Findings held in memory before a sorted run is written out.
    static let defaultRunLength = 2048

    private let runLength: Int
    private let directory: String
    /// The findings not yet in a run, in the order they came.
    private var pending: [CheckerFinding] = []
    private var file: UnnamedTemporaryFile?
    /// Each written run's bytes in `file`.
    private var runs: [Range<Int>] = []
    /// A run could not be written: the rest stays in memory.
    private var spillFailed = false
    /// The merge, once the first page is asked for.
    private var merge: RunMerge?
    /// Findings added.
    private(set) var count = 0

    /// Findings spill into `directory` once more than `runLength` have come.
    init(directory: String, runLength: Int = SortedFindings.defaultRunLength) {
        self.directory = directory
        self.runLength = runLength
    }

    /// Whether every finding is still in memory: the first page can hold them all.
    var isInMemory: Bool { runs.isEmpty }

    /// Every finding has been handed out.
    var isExhausted: Bool { merge?.isExhausted ?? (count == 0) }

    /// Adds the next finding, in the order the checker found it.
    func add(_ finding: CheckerFinding) {
        precondition(merge == nil, "findings added after the first page")
        pending.append(finding)
        count += 1
        if pending.count >= runLength && !spillFailed { writeRun() }
    }

    /// The findings of a record that all stayed in memory, in document order, at once; the
    /// collector is then empty, for the next record's findings.
    func takeInMemory() -> [CheckerFinding] {
        precondition(isInMemory && merge == nil, "findings taken whole after a run was written")
        let findings = pending.inDocumentOrder(node: \.node)
        pending.removeAll(keepingCapacity: true)
        count = 0
        spillFailed = false
        return findings
    }

    /// The next findings in document order, at most `limit` of them (at least one while any
    /// are left). Throws when a run cannot be read back from its file.
    func nextPage(atMost limit: Int) throws(CommandFailure) -> [CheckerFinding] {
        do throws(TemporaryFileError) {
            if merge == nil {
                merge = try RunMerge(memory: pending.inDocumentOrder(node: \.node), runs: runs, file: file)
                pending = []
            }
            return try merge!.next(atMost: max(limit, 1))
        } catch {
            throw .unreadableFindingsSpill(error)
        }
    }

    private func writeRun() {
        if file == nil { file = UnnamedTemporaryFile(directory: directory, prefix: "codable-findings") }
        guard let file else {
            spillFailed = true
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pending.count * 96)
        for finding in pending.inDocumentOrder(node: \.node) { FindingRuns.append(finding, to: &bytes) }
        let start = file.byteCount
        guard bytes.withUnsafeBytes({ file.append($0) }) else {
            spillFailed = true
            return
        }
        runs.append(start..<file.byteCount)
        pending.removeAll(keepingCapacity: true)
    }
}
