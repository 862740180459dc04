import ArgumentParser
import CodableParsing

/// Where records come from: shared by every subcommand.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Input files; '-' or no file reads standard input.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp(
        "Input format: json (one JSON text; a top-level array's elements are the records), jsonl, json-seq (RFC 7464) or json-stream (whitespace-separated values). Default: by file extension, then by content.",
        valueName: "format"))
    var from: InputFormat?

    @Option(help: ArgumentHelp("Reject input nested deeper than this many arrays and objects.", valueName: "n"))
    var maxDepth: Int = 512

    @OptionGroup(title: "Paginated input")
    var pages: PageOptions

    func validate() throws {
        guard maxDepth >= 1 && maxDepth <= 100_000 else {
            throw ValidationError("--max-depth must be between 1 and 100000.")
        }
        if files.isEmpty && Terminal.stdinIsTerminal {
            throw ValidationError("No input: name a file, or pipe records to standard input.")
        }
    }

    /// The inputs in command-line order (standard input when none is named).
    var inputs: [InputFile] {
        files.isEmpty ? [InputFile(path: nil)] : files.map { InputFile(path: $0 == "-" ? nil : $0) }
    }

    /// The framing to read `input` with: `--from`, else the extension, else sniffed (nil).
    func framing(for input: InputFile) -> InputFraming? {
        from?.framing ?? input.framingFromExtension
    }

    /// Reader settings for `input`.
    func readerOptions(for input: InputFile) -> RecordReaderOptions {
        RecordReaderOptions(framing: framing(for: input), maxDepth: maxDepth)
    }
}
