/// One input of a run: the file to read and, for `validate`, what checks its records.
struct RunInput {
    /// The input (for a pattern that matched nothing, named by the pattern).
    let file: InputFile
    /// `validate`: the check its records go through.
    var check: RecordCheck? = nil
    /// Why it cannot be read, known before reading it: `validate`'s pattern that matched nothing.
    var unreadable: CommandFailure? = nil

    /// Whether the elements of a top-level array (or a lone YAML document's sequence) are the
    /// records; otherwise each JSON text or YAML document is one (`validate`'s documents).
    var arrayElementsAreRecords: Bool { check?.arrayElementsAreRecords ?? true }
}

extension RunInput {
    /// `validate`'s pattern that matched no file: reported as an unreadable input.
    static func unmatched(_ pattern: String) -> RunInput {
        RunInput(
            file: InputFile(path: pattern),
            unreadable: .unreadableInput(input: pattern, reason: "no file matches this pattern"))
    }
}
