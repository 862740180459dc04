import CodableParsing
import CodablePipeline

/// Reads every input's records in order and writes them out: the loop behind `convert`.
struct RecordCopier {
    let input: InputOptions
    let output: OutputOptions

    func run() async throws(CommandFailure) {
        let inputs = input.inputs
        let target = try output.openTarget()
        let singleValueAllowed = inputs.count == 1 && (input.framing(for: inputs[0]) ?? .json) == .json
        let writer = RecordWriter(framing: output.to.framing, options: output.writerOptions, singleValueAllowed: singleValueAllowed)
        do {
            for file in inputs {
                let stream = RecordStream(source: try file.open(), options: input.readerOptions(for: file))
                do {
                    for try await batch in stream {
                        writer.write(batch)
                        try target.write(writer.output)
                    }
                } catch let error as RecordReadError {
                    try? target.write(writer.output)  // what was read before the error still goes out
                    target.endPartialLine()
                    throw failure(error, in: file)
                }
            }
            writer.finish()
            try target.write(writer.output)
            try target.commit()
        } catch let error as OutputWriteError {
            target.discard()
            switch error {
            case .readerWentAway: return
            case .failed(let failure): throw failure
            }
        } catch let failure as CommandFailure {
            target.discard()
            throw failure
        } catch {
            target.discard()
            throw .usage("unexpected error: \(error)")
        }
    }

    private func failure(_ error: RecordReadError, in file: InputFile) -> CommandFailure {
        switch error {
        case .malformed(let reason, let location, let excerpt):
            return .malformedInput(input: file.displayName, reason: reason, location: location, excerpt: excerpt)
        case .unreadable(let underlying):
            return .unreadableInput(input: file.displayName, reason: describe(underlying))
        }
    }
}
