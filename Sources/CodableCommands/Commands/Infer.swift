import ArgumentParser
import CodableDecoding
import CodableInference
import CodableParsing

extension CodableCommand {
    /// `codable infer`: Swift `Codable` models written from sample records, then checked by
    /// decoding every sample with them.
    struct Infer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write Swift Codable models that decode every sample record.",
            discussion: """
                Reads the samples as convert does (every format, --items and --next pages) and \
                writes Swift source: a Codable, Sendable struct named --type with a nested \
                struct for each object (named from its key, singular for array elements), \
                properties optional exactly where a sample lacks the key or holds null, Int \
                where every number is an integer within Int64 (else Double), Bool, String, and \
                Date, URL or UUID where every value is one. Strings are dates when every one is \
                ISO-8601; numbers only when the key names an instant (createdAt, updated_at, \
                timestamp) and every value reads as the same kind (reference, seconds or \
                milliseconds, as --dates auto classes them). CodingKeys only where a key is no \
                Swift name; keywords are escaped.

                The root type gets `static let decoder` with the date strategy of most date \
                fields; a date field with another strategy gets a property wrapper. Samples \
                that disagree get an enum of the scalars they hold, or JSONValue for arrays \
                and objects mixed with other values, never a type that fails on a sample.

                Then every sample is decoded with the model, as decode does (the inferred \
                model, strategies and all; enums and JSONValue as any value): a sample that \
                does not decode is reported with its place, status 1. No samples: status 1.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions

        @Option(help: ArgumentHelp("The root type's name.", valueName: "name"))
        var type: String

        @Option(
            help: ArgumentHelp(
                "snake_case: camelCase names, .convertFromSnakeCase.",
                valueName: "strategy"))
        var keys: DecodeOptions.KeyMatching = .default

        @Option(
            name: [.customShort("o"), .long],
            help: ArgumentHelp(
                "Write to this file instead of standard output, atomically: on error it is left as it was.",
                valueName: "file"))
        var output: String?

        func validate() throws {
            guard SampleShapes.isRootName(type) else {
                throw ValidationError(InferenceError.badTypeName(type).message + ".")
            }
        }

        func run() async throws {
            let shapes = SampleShapes()
            let reader = SampleReader(input: input)
            try await reader.forEachBatch { batch, _ in shapes.add(batch) }
            let model: InferredModel
            do {
                model = try shapes.infer(rootName: type, convertingFromSnakeCase: keys == .snakeCase)
            } catch {
                Diagnostics().report(.usage(error.message))
                throw CommandFailure.reported(.invalidData)
            }
            try write(model.swiftSource())
            try await check(model, reading: reader)
        }

        /// Writes the source to standard output or `-o`.
        private func write(_ source: String) throws(CommandFailure) {
            let target =
                try output.map { path throws(CommandFailure) in try OutputTarget.atomicFile(path) }
                ?? .standardOutput()
            let buffer = OutputBuffer(capacity: source.utf8.count + 16)
            var cursor = buffer.beginAppending()
            var text = source
            text.withUTF8 { cursor.append($0) }
            buffer.endAppending(cursor)
            do {
                try target.write(buffer)
                try target.commit()
            } catch let error as OutputWriteError {
                target.discard()
                if case .failed(let failure) = error { throw failure }
            } catch {
                target.discard()
                throw error as! CommandFailure
            }
        }

        /// Decodes every sample with `model`; each one that fails is reported, and the run
        /// ends with status 1.
        private func check(_ model: InferredModel, reading reader: SampleReader) async throws {
            let decoder = try RecordDecoder.compiling(
                models: model.models, root: model.root, options: model.decodingOptions)
            var failed = 0
            try await reader.forEachBatch { batch, file in
                var locations = BatchLocationCursor(batch)
                for index in 0..<batch.count {
                    let problems = try decoder.problems(in: batch[index], limit: 1)
                    guard let problem = problems.first else { continue }
                    failed += 1
                    Diagnostics().report(
                        RecordDecodingError.data(problem).failure(inRecord: index, at: &locations, file: file))
                }
            }
            guard failed == 0 else {
                Diagnostics().line(
                    "codable: \(failed) of \(model.sampleCount) samples do not decode with the model written")
                throw CommandFailure.reported(.invalidData)
            }
        }
    }
}
