import CodableDates
import CodableParsing
import CodablePipeline

/// Reads every input's records in order and writes them out: the loop behind `convert`.
struct RecordCopier {
    let input: InputOptions
    let output: OutputOptions
    let dates: DateOptions
    let flattening: FlattenOptions

    func run() async throws(CommandFailure) {
        let inputs = input.inputs
        let target = try output.openTarget()
        let singleValueAllowed =
            inputs.count == 1 && input.csvDialect(for: inputs[0]) == nil
            && (input.isYAML(inputs[0]) || (input.framing(for: inputs[0]) ?? .json) == .json)
        let rewriter = try dates.makeRewriter()
        let writer = output.makeWriter(singleValueAllowed: singleValueAllowed)
        target.spillsWhenFull(writer.output)
        let dateWriter = rewriter.map { DateRewritingWriter(writer: writer, rewriter: $0) }
        let flatteningAsWritten = flattening.flatteningAsWritten(
            to: output.to, rewritingDates: rewriter != nil, columnsChosen: output.columns != nil)
        // Dates re-encoded into JSON Lines or JSON text sequences: batches on every core (not
        // with --explain-dates, whose notes come in input order from one rewriter).
        var parallel: ParallelBatchWriter<DateRewritingWriter>?
        if let rewriter, !dates.explainDates, !flattening.isActive, output.to == .jsonl || output.to == .jsonSeq,
            InputOptions.scanningThreads > 1
        {
            let (framing, options) = (output.to.framing, output.writerOptions)
            parallel = try ParallelBatchWriter(
                workers: InputOptions.scanningThreads, goesOnAfter: { _ in false },
                makeWriter: {
                    DateRewritingWriter(
                        writer: RecordWriter(framing: framing, options: options, singleValueAllowed: false),
                        rewriter: rewriter.copy())
                })
        }
        try await target.produce {
            for file in inputs {
                if let parallel {
                    try await copy(file, with: parallel, to: target)
                    continue
                }
                let stream = try input.records(from: file)
                do {
                    for try await read in stream {
                        if let flatteningAsWritten {
                            for index in 0..<read.count { writer.write(read[index], edit: flatteningAsWritten) }
                            try Self.reportIssues(of: writer, from: file, target: target)
                            try target.write(writer.output)
                            continue
                        }
                        let fromTable = input.csvDialect(for: file) != nil
                        if let edits = flattening.unflatteningAsWritten(
                            read, to: output.to, rewritingDates: rewriter != nil, sortingKeys: output.sortKeys,
                            chosenColumns: output.chosenColumns, fromTable: fromTable)
                        {
                            for index in 0..<read.count { writer.write(read[index], edit: edits[index]) }
                            try Self.reportIssues(of: writer, from: file, target: target)
                            try target.write(writer.output)
                            continue
                        }
                        let batch =
                            flattening.isActive
                            ? try flattening.apply(to: read, fromTable: fromTable, file: file) : read
                        if let dateWriter {
                            try write(batch, with: dateWriter, from: file)
                        } else {
                            writer.write(batch)
                        }
                        try Self.reportIssues(of: writer, from: file, target: target)
                        try target.write(writer.output)
                    }
                } catch let error as RecordReadError {
                    try? target.write(writer.output)  // what was read before the error still goes out
                    target.endPartialLine()
                    throw Self.failure(error, in: file)
                } catch let error as PagedSourceError {
                    try? target.write(writer.output)
                    target.endPartialLine()
                    throw error.commandFailure
                } catch let failure as CommandFailure {
                    try? target.write(writer.output)  // records before a bad date still go out
                    target.endPartialLine()
                    throw failure
                }
            }
            writer.finish()
            try target.write(writer.output)
        }
    }

    /// One input through `parallel`: outputs written in input order; a bad date stops the copy
    /// after the records before it, as in the loop on one thread.
    private func copy(
        _ file: InputFile, with parallel: ParallelBatchWriter<DateRewritingWriter>, to target: OutputTarget
    ) async throws {
        try await parallel.writeAll(try input.records(from: file), from: file, to: target) { written in
            if let (index, error) = written.failures.first {
                try? target.write(written.output)  // records before a bad date still go out
                target.endPartialLine()
                throw Self.failure(error, inRecord: index, of: written.batch, from: file)
            }
            try target.write(written.output)
        }
    }

    private func write(_ batch: RecordBatch, with writer: DateRewritingWriter, from file: InputFile)
        throws(CommandFailure)
    {
        for index in 0..<batch.count {
            do {
                try writer.write(batch[index])
            } catch {
                throw Self.failure(error, inRecord: index, of: batch, from: file)
            }
            for explanation in writer.takeExplanations() {
                Diagnostics().note(
                    "\(explanation.path): \(explanation.example) read as \(explanation.kind.explanation) = \(explanation.instant)"
                )
            }
        }
    }

    /// A date that could not be re-encoded (not a date in its strategy, or not one the output
    /// strategy can write), as the failure it reports.
    private static func failure(
        _ error: DateRewriter.Failure, inRecord index: Int, of batch: RecordBatch, from file: InputFile
    ) -> CommandFailure {
        ProblemPlaces().failure(error.message, in: batch[index], at: error.node, file: file)
    }

    /// Notes for fields a CSV output dropped; a record it cannot write stops the copy.
    static func reportIssues(
        of writer: any RecordFormatter, from file: InputFile, target: OutputTarget,
        places: ProblemPlaces = ProblemPlaces()
    ) throws(CommandFailure) {
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
                for path in places.codingPaths(ofNodes: nodes, in: record) {
                    Diagnostics().note(
                        "\(path) is not a column (the header is the first record's fields); dropped here and in later records. Choose the columns with --columns."
                    )
                }
                continue
            case .unwritable(let record, let message):
                try? target.write(writer.output)  // the records before it still go out
                throw places.failure(message, in: record, at: record.root, file: file)
            }
        }
    }

    /// What stopped reading an input, as the failure it reports: a read error or a page that
    /// could not be fetched; nil for an error that is not the input's.
    static func inputFailure(_ error: any Error, in file: InputFile) -> CommandFailure? {
        switch error {
        case let error as RecordReadError: failure(error, in: file)
        case let error as PagedSourceError: error.commandFailure
        default: nil
        }
    }

    /// A read error as the failure it reports.
    static func failure(_ error: RecordReadError, in file: InputFile) -> CommandFailure {
        error.failure(reading: file.displayName)
    }
}

extension RecordReadError {
    /// The failure this error is reported as, reading the input (or page) named `input`:
    /// malformed input or an envelope without its array (status 1), or unreadable (3).
    func failure(reading input: String) -> CommandFailure {
        switch self {
        case .malformed(let reason, let location, let excerpt):
            return .malformedInput(input: input, reason: reason, location: location, excerpt: excerpt)
        case .unreadable(let underlying):
            return .unreadableInput(input: input, reason: describe(underlying))
        case .invalidEnvelope(let message, let codingPath, let location, let excerpt):
            return .invalidValue(
                input: input, message: message, codingPath: codingPath, location: location, excerpt: excerpt)
        }
    }
}

extension DateKind {
    /// How `--explain-dates` names a kind.
    var explanation: String {
        switch self {
        case .reference: return "reference-date seconds (since 2001-01-01)"
        case .seconds: return "Unix seconds (since 1970)"
        case .milliseconds: return "Unix milliseconds"
        case .iso8601: return "ISO-8601"
        case .format: return "the format: pattern"
        }
    }
}
