import CodableParsing
import CodablePipeline

/// The records of `infer`, read twice: once to infer the model, once to check it. Files are
/// read again, so the first reading keeps nothing; standard input and web pages, which cannot
/// be read again, keep their batches from the first reading (memory as large as that input).
final class SampleReader {
    let input: InputOptions
    private var kept: [Int: [RecordBatch]] = [:]
    private var readings = 0

    init(input: InputOptions) {
        self.input = input
    }

    /// Hands `body` every batch of every input, in order, with the input it is from. Errors
    /// are the input's, as `CommandFailure`, or `body`'s.
    func forEachBatch(_ body: (RecordBatch, InputFile) async throws -> Void) async throws {
        let isFirst = readings == 0
        readings += 1
        for (position, file) in input.inputs.enumerated() {
            let readsAgain = !input.pages.followsPages && file.path.map { !PageReference(input: $0).isURL } ?? false
            if !isFirst && !readsAgain {
                for batch in kept[position] ?? [] { try await body(batch, file) }
                continue
            }
            var batches = try input.records(from: file).makeAsyncIterator()
            while true {
                let next: RecordBatch?
                do { next = try await batches.next() } catch {
                    throw CommandFailure.reading(error, in: file) ?? error
                }
                guard let batch = next else { break }
                if isFirst && !readsAgain { kept[position, default: []].append(batch) }
                try await body(batch, file)
            }
        }
    }
}
