import ArgumentParser
import CodableParsing
import CodableYAML

/// Where and how records are written: shared by `decode` and `convert`.
struct OutputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format.",
            valueName: "format"))
    var to: OutputFormat = .json

    @Option(
        help: ArgumentHelp(
            "CSV/TSV output columns, in order, as dotted names (id,owner.email). Default: the first record's fields.",
            valueName: "names"))
    var columns: String?

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write to this file instead of standard output, atomically: on error it is left as it was.",
            valueName: "file"))
    var output: String?

    @Flag(help: nil)
    var layout: Layout?

    @Flag(help: "Write object members sorted by key (Unicode code point order, as JSONEncoder's .sortedKeys).")
    var sortKeys = false

    @Flag(
        help:
            "With --to yaml: write the records as the items of one sequence, not one document each."
    )
    var yamlSequence = false

    func validate() throws {
        guard let columns else { return }
        guard to.csvDialect != nil else { throw ValidationError("--columns applies to --to csv or tsv.") }
        var seen: Set<Substring> = []
        for name in columns.split(separator: ",", omittingEmptySubsequences: false) {
            guard !name.isEmpty else { throw ValidationError("--columns '\(columns)': an empty column name.") }
            guard seen.insert(name).inserted else {
                throw ValidationError("--columns '\(columns)': '\(name)' is named twice.")
            }
        }
    }

    /// Writer settings: pretty when asked, or by default when writing JSON to a terminal.
    var writerOptions: JSONWriterOptions {
        let pretty = layout.map { $0 == .pretty } ?? (output == nil && Terminal.stdoutIsTerminal)
        return JSONWriterOptions(pretty: pretty, sortKeys: sortKeys)
    }

    /// The columns `--columns` names (dotted field names), in order; nil when not given.
    var chosenColumns: [String]? {
        columns.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The writer `--to` names: YAML's, CSV's or TSV's, or JSON's in its framing.
    func makeWriter(singleValueAllowed: Bool) -> any RecordFormatter {
        if to == .yaml {
            return YAMLRecordWriter(options: YAMLWriterOptions(sequence: yamlSequence, sortKeys: sortKeys))
        }
        if let dialect = to.csvDialect {
            return CSVWriter(dialect: dialect, columns: chosenColumns, sortKeys: sortKeys)
        }
        return RecordWriter(framing: to.framing, options: writerOptions, singleValueAllowed: singleValueAllowed)
    }

    /// Opens the output target.
    func openTarget() throws(CommandFailure) -> OutputTarget {
        guard let output, output != "-" else { return .standardOutput() }
        return try .atomicFile(output)
    }
}
