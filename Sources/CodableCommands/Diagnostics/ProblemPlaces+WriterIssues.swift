import CodableParsing

extension ProblemPlaces {
    /// Notes for fields a CSV output dropped; a record it cannot write stops the run, after
    /// the records before it go out to `target`.
    func reportIssues(of writer: any RecordFormatter, from file: InputFile, target: OutputTarget)
        throws(CommandFailure)
    {
        guard let csv = writer as? CSVWriter else { return }
        let issues = csv.takeIssues()
        var next = 0
        while next < issues.count {
            switch issues[next] {
            case .droppedField(_, let record, _):
                // The fields one record dropped, placed in one walk down the record.
                var nodes: [Int] = []
                while next < issues.count, case .droppedField(_, let other, let node) = issues[next],
                    other.root == record.root, other.batch.nodes === record.batch.nodes
                {
                    nodes.append(node + 1)
                    next += 1
                }
                for path in codingPaths(ofNodes: nodes, in: record) {
                    Diagnostics().note(
                        "\(path) is not a column (the header is the first record's fields); dropped here and in later records. Choose the columns with --columns."
                    )
                }
                continue
            case .unwritable(let record, let message):
                try? target.write(writer.output)  // the records before it still go out
                throw failure(message, in: record, at: record.root, file: file)
            }
        }
    }
}
