import ArgumentParser

/// `-o FILE` for the commands that write one whole text (`schema`, `infer`): written atomically
/// through `OutputTarget.writeText`, or standard output.
struct OutputFileOption: ParsableArguments {
    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write to this file instead of standard output, atomically: on error it is left as it was.",
            valueName: "file"))
    var output: String?

    /// Writes `text` to the file or to standard output.
    func write(_ text: String) throws(CommandFailure) {
        try OutputTarget.writeText(text, to: output)
    }
}
