import CodableParsing

/// Why `--on-error skip` stops at malformed bytes instead of skipping a record: JSON Lines,
/// json-seq and CSV mark where each record begins (a line break, an RS, a row break outside
/// quotes), so a bad record is skipped there; elsewhere no later place is known to begin one,
/// and a guess could turn the rest of the input into wrong records.
enum NoPlaceToResume {
    /// The note printed under the error that stopped the reading of `file`.
    static func explanation(for file: InputFile, input: InputOptions) -> String {
        if input.csvDialect(for: file) != nil {
            return "--on-error skip stops here: after a broken quote or header, where the next row begins is not known"
        }
        if input.isYAML(file) {
            return "--on-error skip stops here: in malformed YAML, where the next document begins is not known"
        }
        if input.pages.items != nil {
            return "--on-error skip stops here: inside a page's JSON text (--items) no later place is known "
                + "to begin a record"
        }
        switch input.framing(for: file) {
        case .jsonl?, .jsonSeq?:
            return "--on-error skip stops here: where the next record begins is not known"
        default:
            return "--on-error skip stops here: in one JSON text or a json-stream no later place is known "
                + "to begin a record (--from jsonl, json-seq and csv go on at the next line, RS or row)"
        }
    }
}
