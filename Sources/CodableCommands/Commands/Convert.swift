import ArgumentParser

extension CodableCommand {
    /// `codable convert`: records from one format to another, with nothing lost.
    struct Convert: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert records between formats; no schema needed.",
            discussion: """
                Numbers and key order survive exactly. With --to json the records are written \
                as one array; a lone value that was not an element of a top-level array is \
                written as itself. --to jsonl writes one \
                compact value per line, --to json-seq an RS before each value (RFC 7464). \
                --to yaml writes block-style YAML, one document per record (with \
                --yaml-sequence, the items of one sequence); strings a YAML reader could take \
                for something else are quoted, and the YAML reads back as the same records.

                --to csv and --to tsv write a header (the first record's fields, or --columns) \
                and one row per record: nested objects flattened to dotted names, arrays as JSON \
                text in one cell, numbers exactly as read, cells quoted only where needed (and \
                strings that would read back as a number, boolean or null, such as "42").

                --from csv and --from tsv read a header row and one record per row: quoted \
                cells are strings; unquoted cells are numbers (JSON's grammar, text kept), \
                true, false, null, or strings; --unflatten nests dotted names back into \
                objects and reads cells holding JSON arrays or objects as values.

                Output stops quietly, with status 0, when the reader of standard output goes away.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup(title: "Paginated input") var inputPages: PageOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup(title: "Dates") var dates: DateOptions
        @OptionGroup(title: "Transforms (applied in this order)") var transforms: TransformOptions
        @OptionGroup(title: "Key case (applied after --rename)") var keyCase: KeyCaseOptions
        @OptionGroup(title: "Output pages") var pages: OutputPageOptions
        @OptionGroup(title: "Flattening") var flattening: FlattenOptions

        mutating func validate() throws {
            input.pages = inputPages
        }

        func run() async throws {
            let transformed =
                transforms.isActive || transforms.onError == .skip || keyCase.keys != nil || pages.isActive
            let plan =
                transformed
                ? try RunPlan.transforming(
                    input: input, output: output, dates: dates, transforms: transforms, pages: pages,
                    flattening: flattening, keys: keyCase.keys?.style)
                : try RunPlan.copying(input: input, output: output, dates: dates, flattening: flattening)
            try await RecordLoop(plan: plan).run()
        }
    }
}
