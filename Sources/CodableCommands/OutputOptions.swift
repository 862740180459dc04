import ArgumentParser
import CodableParsing

/// Where and how records are written: shared by `decode` and `convert`.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: json, jsonl or json-seq.", valueName: "format"))
    var to: OutputFormat = .json

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "Write to this file instead of standard output, atomically: on any error the file is left as it was.",
        valueName: "file"))
    var output: String?

    @Flag(help: nil)
    var layout: Layout?

    @Flag(help: "Write object members sorted by key (Unicode code point order, as JSONEncoder's .sortedKeys).")
    var sortKeys = false

    /// Writer settings: pretty when asked, or by default when writing JSON to a terminal.
    var writerOptions: JSONWriterOptions {
        let pretty = layout.map { $0 == .pretty } ?? (output == nil && Terminal.stdoutIsTerminal)
        return JSONWriterOptions(pretty: pretty, sortKeys: sortKeys)
    }

    /// Opens the output target.
    func openTarget() throws(CommandFailure) -> OutputTarget {
        guard let output, output != "-" else { return .standardOutput() }
        return try .atomicFile(output)
    }
}
