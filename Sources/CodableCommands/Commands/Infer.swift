import ArgumentParser
import CodableDecoding
import CodableInference
import CodableParsing
import CodableSchemaGeneration
import CodableSwiftModels

extension CodableCommand {
    /// `codable infer`: Swift `Codable` models written from sample records, then checked by
    /// decoding every sample with them.
    struct Infer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "infer",
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

                Then every sample is decoded as decode --model would: with the written source \
                read back when it declares only structs, else with the inferred model it \
                spells (the model reader refuses property wrappers and hand-written \
                init(from:); unions and JSONValue decode any value there). A sample that does \
                not decode is reported with its place, status 1. No samples: status 1.

                --to schema writes the JSON Schema of the inferred model instead (as codable \
                schema writes it for a model: 2020-12, or --draft 7), checked the same way.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup(title: "Paginated input") var inputPages: PageOptions

        @Option(help: ArgumentHelp("The root type's name.", valueName: "name"))
        var type: String

        @Option(
            help: ArgumentHelp(
                "snake_case: camelCase names, .convertFromSnakeCase.",
                valueName: "strategy"))
        var keys: DecodeOptions.KeyMatching = .default

        @Option(help: ArgumentHelp("What to write: swift (the default) or schema.", valueName: "kind"))
        var to: Written = .swift

        @Option(help: ArgumentHelp("With --to schema: 2020-12 (the default) or 7.", valueName: "draft"))
        var draft: GeneratedSchemaDraft = .draft2020

        /// What `infer` writes.
        enum Written: String, ExpressibleByArgument, CaseIterable {
            /// Swift source.
            case swift
            /// The JSON Schema of the inferred model.
            case schema
        }

        @OptionGroup var outputFile: OutputFileOption

        mutating func validate() throws {
            input.pages = inputPages
            guard SampleShapes.isRootName(type) else {
                throw ValidationError("--type " + InferenceError.badTypeName(type).message + ".")
            }
            if to == .swift && draft != .draft2020 { throw ValidationError("--draft goes with --to schema.") }
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
            switch to {
            case .swift:
                let source = model.swiftSource()
                try outputFile.write(source)
                try await check(model, source: source, reading: reader)
            case .schema:
                try outputFile.write(try schemaText(of: model))
                try await check(model, source: nil, reading: reader)
            }
        }

        /// The JSON Schema of the inferred model, as `codable schema` writes one.
        private func schemaText(of model: InferredModel) throws(CommandFailure) -> String {
            do {
                return try SchemaGenerator(models: model.models, options: model.decodingOptions, draft: draft)
                    .schema(for: model.root).prettyText
            } catch {
                throw .invalidModel(place: error.origin?.description, message: error.printedMessage)
            }
        }

        /// Decodes every sample with the model written; each one that fails is reported, and the
        /// run ends with status 1. Source of plain structs is read back with the Swift model
        /// reader, as `decode --model` reads it; source with date wrappers or hand-written
        /// `init(from:)` (unions, `JSONValue`), which that reader refuses, is checked with the
        /// inferred models it spells, which carry each field's date strategy; so is a schema
        /// (`source` nil), which says what those models accept.
        private func check(_ model: InferredModel, source: String?, reading reader: SampleReader) async throws {
            var models = model.models
            if let source, model.declaresOnlyStructures {
                do {
                    models = try SwiftModelReader().read(source: source, path: outputFile.output ?? "\(type).swift")
                } catch {
                    throw CommandFailure(error)
                }
            }
            let decoder = try RecordDecoder.compiling(models: models, root: model.root, options: model.decodingOptions)
            var failed = 0
            // What a record decodes to is not kept: one buffer, emptied after each.
            let scratch = OutputBuffer(capacity: 64 << 10)
            try await reader.forEachBatch { batch, file in
                var locations = BatchLocationCursor(batch)
                for index in 0..<batch.count {
                    defer { scratch.removeAll() }
                    do throws(RecordDecodingError) {
                        try decoder.decode(batch[index], to: scratch)
                    } catch {
                        if case .model = error { throw error.failure(inRecord: index, at: &locations, file: file) }
                        failed += 1
                        Diagnostics().report(error.failure(inRecord: index, at: &locations, file: file))
                    }
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
