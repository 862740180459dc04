import ArgumentParser
import CodableParsing
import CodableYAML

/// Where and how records are written: shared by `decode` and `convert`.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: json, jsonl, json-seq or yaml (block style, one document per record).", valueName: "format"))
    var to: OutputFormat = .json

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "Write to this file instead of standard output, atomically: on any error the file is left as it was.",
        valueName: "file"))
    var output: String?

    @Flag(help: nil)
    var layout: Layout?

    @Flag(help: "Write object members sorted by key (Unicode code point order, as JSONEncoder's .sortedKeys).")
    var sortKeys = false

    @Flag(help: "With --to yaml: write the records as the items of one sequence instead of one document each (separated by ---).")
    var yamlSequence = false

    /// Writer settings: pretty when asked, or by default when writing JSON to a terminal.
    var writerOptions: JSONWriterOptions {
        let pretty = layout.map { $0 == .pretty } ?? (output == nil && Terminal.stdoutIsTerminal)
        return JSONWriterOptions(pretty: pretty, sortKeys: sortKeys)
    }

    /// The writer `--to` names: YAML's, or JSON's in its framing.
    func makeWriter(singleValueAllowed: Bool) -> any RecordFormatter {
        if to == .yaml { return YAMLRecordWriter(options: YAMLWriterOptions(sequence: yamlSequence, sortKeys: sortKeys)) }
        return RecordWriter(framing: to.framing, options: writerOptions, singleValueAllowed: singleValueAllowed)
    }

    /// Opens the output target.
    func openTarget() throws(CommandFailure) -> OutputTarget {
        guard let output, output != "-" else { return .standardOutput() }
        return try .atomicFile(output)
    }
}
