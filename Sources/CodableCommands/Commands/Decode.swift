import ArgumentParser
import CodableDecoding

extension CodableCommand {
    /// `codable decode`: records decoded into a Codable model and re-encoded.
    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Decode records into a Codable model and print them.",
            discussion: """
                Reads the model from Swift source (--model, a file or a folder) or from a JSON Schema \
                (--schema) and decodes every \
                record as --type, exactly as JSONDecoder with the synthesized Codable conformance \
                would: keyNotFound, valueNotFound, typeMismatch and dataCorrupted with Foundation's \
                messages, integer range checks, null and missing keys for optionals. Each decoded \
                record is written as JSONEncoder would write it: properties in declaration order \
                (or sorted with --sort-keys), unknown keys dropped, nil optionals left out, dates \
                re-encoded (--output-dates, default iso8601), UUIDs uppercase.

                With --type T the elements of a top-level array are the records, streamed. With \
                --type '[T]' each whole input text decodes as one array and is printed as one.

                The transforms and output pages (--where, --select, --exclude, --rename, --sort-by, \
                --unique-by, --offset, --limit, --page, --envelope) work on the decoded records: \
                each record is decoded first, so paths name the model's properties, --where sees \
                decoded values (dates as --output-dates writes them) and a record that does not \
                decode never reaches them. They, and --to yaml, csv or tsv, need --type T, not '[T]'.

                An error names the place: FILE:LINE:COL, the coding path ($[3].owner.email) and the \
                source line. A problem in the model (an unknown type, a type whose decoding cannot \
                be read from source) is reported with the model file and line, status 2.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup(title: "Paginated input") var inputPages: PageOptions
        @OptionGroup(title: "Model") var model: ModelOptions

        @Option(
            help: ArgumentHelp(
                "A JSON Schema to decode with, alone or for the types --model cannot read from source.",
                valueName: "file"))
        var schema: String?
        @OptionGroup var output: OutputOptions
        @OptionGroup(title: "Decoding") var decoding: DecodeOptions
        @OptionGroup(title: "Dates") var dates: DateOptions
        @OptionGroup(title: "Transforms (applied in this order, to the decoded records)") var transforms:
            TransformOptions
        @OptionGroup(title: "Output pages") var pages: OutputPageOptions

        mutating func validate() throws {
            input.pages = inputPages
        }

        func run() async throws {
            let (models, root) =
                try schema.map { path throws(CommandFailure) in try model.loadSchema(path) } ?? model.load()
            let dateStrategies = try dates.decodingDates()
            let options = DecodingOptions(
                keys: decoding.keys == .snakeCase ? .convertFromSnakeCase : .useDefaultKeys,
                dateRules: dateStrategies.rules, defaultDates: dateStrategies.defaultDates,
                outputDates: dateStrategies.output, data: decoding.data,
                nonConformingFloats: try decoding.nonConforming(), writer: output.writerOptions)
            // YAML, CSV and TSV have no decoding writer: decoded records go to their
            // RecordFormatter through the transform chain.
            let plan =
                transforms.isActive || pages.isActive || output.to == .yaml || output.to.csvDialect != nil
                ? try RunPlan.transforming(
                    input: input, output: output, dates: dates, transforms: transforms, pages: pages,
                    decoding: DecodeStage(models: models, root: root, options: options))
                : try RunPlan.decoding(
                    input: input, output: output, models: models, root: root, options: options,
                    skipsFailures: transforms.onError == .skip)
            try await RecordLoop(plan: plan).run()
        }
    }
}
