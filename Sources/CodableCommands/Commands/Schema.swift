import ArgumentParser
import CodableDecoding
import CodableSchemaGeneration
import Foundation

extension CodableCommand {
    /// `codable schema`: the JSON Schema that accepts exactly what the decoder accepts for a
    /// model type, printed or checked against a committed one.
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Write the JSON Schema of what JSONDecoder accepts for a model type.",
            usage: "codable schema --model <file.swift> ... --type <name> [<options>]",
            discussion: """
                Reads the model from Swift source (--model, a file or a folder) and writes a JSON \
                Schema (2020-12, or draft 7 with --draft 7) that accepts the JSON JSONDecoder \
                accepts for --type with the synthesized Codable conformance and the strategies \
                given: required keys for non-optional properties (a var with a default too), \
                null or missing for optionals, CodingKeys names, integer ranges, raw enums, \
                enums with associated values, nested, recursive and generic types under $defs, \
                --keys snake_case key matching, Data as --data says, and dates as --dates and \
                --date say (an x-codable-date annotation keeps the exact strategy). Unknown keys \
                are allowed, as Codable ignores them. (--output-dates and --explain-dates do \
                nothing here.)

                Where no JSON Schema keyword can follow the decoder, the schema accepts more or \
                less: date strings outside the shape of their pattern, an integer written with \
                a fraction or exponent (read as a Double first), the even length of a dictionary \
                written as key-value pairs, repeated keys.

                With --check FILE the generated schema is compared with FILE instead of printed \
                (key order and number spelling do not matter): each difference is reported as \
                FILE:LINE:COL with its JSON Pointer, and the status is 1.

                A type whose decoding cannot be read from source (a hand-written init(from:), a \
                property wrapper) is reported at its file and line, status 2.

                \(exitStatusHelp)
                """
        )

        @OptionGroup(title: "Model") var model: ModelOptions

        @Option(help: ArgumentHelp("The JSON Schema dialect: 2020-12 (the default) or 7.", valueName: "draft"))
        var draft: GeneratedSchemaDraft = .draft2020

        @Option(
            help: ArgumentHelp(
                "Compare with this committed schema instead of printing; status 1 when they differ.",
                valueName: "file"))
        var check: String?

        @OptionGroup var outputFile: OutputFileOption

        @OptionGroup(title: "Decoding") var decoding: DecodeOptions
        @OptionGroup(title: "Dates") var dates: DateOptions

        func validate() throws {
            if check != nil && outputFile.output != nil {
                throw ValidationError("--output and --check do not go together.")
            }
        }

        func run() throws {
            let (models, root) = try model.load(for: "schema")
            let strategies = try dates.decodingDates()
            let options = DecodingOptions(
                keys: decoding.keys == .snakeCase ? .convertFromSnakeCase : .useDefaultKeys,
                dateRules: strategies.rules, defaultDates: strategies.defaultDates, data: decoding.data,
                nonConformingFloats: try decoding.nonConforming())
            let schema: SchemaValue
            do {
                schema = try SchemaGenerator(models: models, options: options, draft: draft).schema(for: root)
            } catch {
                throw CommandFailure.invalidModel(place: error.origin?.description, message: error.printedMessage)
            }
            guard let check else { return try outputFile.write(schema.prettyText) }
            try compare(schema, with: check)
        }

        /// `--check`: every difference, located in the committed file, then status 1.
        private func compare(_ schema: SchemaValue, with path: String) throws(CommandFailure) {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw .unreadableInput(input: path, reason: "no such file, or not readable")
            }
            let drift: SchemaDrift
            do { drift = try SchemaDrift(generated: schema, committed: Array(bytes)) } catch {
                throw error.failure(reading: path)
            }
            guard !drift.differences.isEmpty else { return }
            for difference in drift.differences {
                Diagnostics().report(
                    .invalidDefinition(
                        place: "\(path):\(difference.line):\(difference.column)",
                        message: "differs from the generated schema: \(difference.message)",
                        detail: "at \(difference.pointer.isEmpty ? "/" : difference.pointer)"))
            }
            let count = drift.differences.count
            Diagnostics().line(
                "\(path): \(count) difference\(count == 1 ? "" : "s") from the model; regenerate it with codable schema"
            )
            throw .reported(.invalidData)
        }
    }
}

extension GeneratedSchemaDraft: ExpressibleByArgument {}
