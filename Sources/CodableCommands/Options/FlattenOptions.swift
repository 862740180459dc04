import ArgumentParser
import CodableParsing
import CodablePipeline

/// `--flatten` and `--unflatten`: nested objects to dotted keys and back.
struct FlattenOptions: ParsableArguments {
    @Flag(
        help:
            "Flatten nested objects to dotted keys ({\"owner.name\":...}); arrays stay values."
    )
    var flatten = false

    @Flag(
        help:
            "Nest dotted keys back into objects; from CSV/TSV, also parse JSON array and object cells."
    )
    var unflatten = false

    func validate() throws {
        if flatten && unflatten { throw ValidationError("--flatten and --unflatten undo each other: give one.") }
    }

    /// True when records are rebuilt.
    var isActive: Bool { flatten || unflatten }

    /// The edit that has the writer flatten records as it writes them (`RecordEdit.flattening`)
    /// instead of rebuilding them first: with `--flatten`, when no date is re-encoded
    /// (`rewritingDates`: a date's field is named by its path in the flattened record). A huge
    /// record then is not held twice. The CSV and TSV writers flatten every record anyway, with
    /// the same dots, and leave the edit alone; but with `columnsChosen`, a column may name a
    /// nested object whole, which flattening first takes away: then records are rebuilt.
    func flatteningAsWritten(to format: OutputFormat, rewritingDates: Bool, columnsChosen: Bool) -> RecordEdit? {
        guard flatten && !rewritingDates && !(format.csvDialect != nil && columnsChosen) else { return nil }
        var edit = RecordEdit()
        edit.flattening = Array(".".utf8)
        return edit
    }

    /// With `--unflatten`, the edits that have the writer nest `batch`'s records as it writes
    /// them (`RecordFlattener.unflatteningAsWritten`), when the batch holds a huge record: then
    /// it is not rebuilt first, and held twice. The CSV and TSV writers walk the nested record
    /// to flatten it again, so its columns come in its order (and they sort the header
    /// themselves). Nil when the batch is to be rebuilt (`apply`): when dates are re-encoded
    /// (`rewritingDates`: a date's field is named by its path in the nested record); into CSV
    /// or TSV when one of the `chosenColumns` names an object the keys make (the column holds it
    /// whole); or when no record is huge, or one cannot be nested as it is written.
    func unflatteningAsWritten(
        _ batch: RecordBatch, to format: OutputFormat, rewritingDates: Bool, sortingKeys: Bool,
        chosenColumns: [String]?, fromTable: Bool
    ) -> [RecordEdit]? {
        guard unflatten && !rewritingDates else { return nil }
        let intoTable = format.csvDialect != nil
        return RecordFlattener.unflatteningAsWritten(
            batch, parsingJSONText: fromTable, sortingKeys: sortingKeys && !intoTable,
            chosenColumns: intoTable ? chosenColumns : nil)
    }

    /// `batch` flattened or unflattened as asked; `fromTable` (CSV, TSV input) parses cells that
    /// hold JSON arrays or objects.
    func apply(to batch: RecordBatch, fromTable: Bool, file: InputFile) throws(CommandFailure) -> RecordBatch {
        if flatten { return RecordFlattener.flatten(batch) }
        guard unflatten else { return batch }
        do {
            return try RecordFlattener.unflatten(batch, parsingJSONText: fromTable)
        } catch {
            throw ProblemPlaces().failure(error.message, in: batch[error.record], at: error.node, file: file)
        }
    }
}
