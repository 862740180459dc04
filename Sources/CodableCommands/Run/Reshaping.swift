import CodableParsing
import CodablePipeline

/// `--flatten` or `--unflatten` as the first stage of a run: each batch rebuilt, or, when the
/// plan lets the writer do it (`asWritten`), its records handed to the sink with the edits that
/// flatten or nest them as they are written, so that a huge record is not held twice.
struct Reshaping {
    /// What the writer needs to know to reshape records as it writes them.
    struct AsWritten {
        let format: OutputFormat
        let sortsKeys: Bool
        let chosenColumns: [String]?
    }

    /// The records' edits as they are written.
    enum Edits {
        /// The same edit for every record.
        case each(RecordEdit)
        /// An edit for each record of the batch.
        case perRecord([RecordEdit])
    }

    let options: FlattenOptions
    /// Records may be reshaped as they are written: nothing else changes them (no date is
    /// re-encoded, no transform runs).
    let asWritten: AsWritten?

    /// The edits that write `batch`'s records reshaped, or nil when the batch is to be rebuilt
    /// (`rebuilt(_:fromTable:file:)`). `fromTable`: read from CSV or TSV.
    func editsAsWritten(for batch: RecordBatch, fromTable: Bool) -> Edits? {
        guard let asWritten else { return nil }
        if let edit = options.flatteningAsWritten(
            to: asWritten.format, rewritingDates: false, columnsChosen: asWritten.chosenColumns != nil)
        {
            return .each(edit)
        }
        return options.unflatteningAsWritten(
            batch, to: asWritten.format, rewritingDates: false, sortingKeys: asWritten.sortsKeys,
            chosenColumns: asWritten.chosenColumns, fromTable: fromTable
        ).map(Edits.perRecord)
    }

    /// What rebuilds a batch read from CSV or TSV on the thread that scanned it, ahead of the
    /// loop: the batch rebuilt, marked `isReshaped`. Nil (left to the loop) for a batch whose
    /// records are flattened as they are written (when the loop writes batches as read,
    /// `writtenAsRead`), for one that holds a huge record (`RecordFlattener.holdsHugeRecord`),
    /// and for one that cannot be rebuilt: the loop rebuilds it again and reports why.
    ///
    /// A huge record (one wide row) is left to the loop as it is when read in order: it is
    /// reshaped once, on the thread that writes it (nested as it is written, when it can be),
    /// and what its planning or rebuilding allocated and freed is not left resident in the
    /// heap of the thread that scanned it.
    func rebuildingTablesAhead(writtenAsRead: Bool) -> @Sendable (RecordBatch) -> RecordBatch? {
        let (flatten, unflatten) = (options.flatten, options.unflatten)
        let asWritten = writtenAsRead ? asWritten : nil
        let flattensAsWritten =
            options.flatteningAsWritten(
                to: asWritten?.format ?? .json, rewritingDates: false, columnsChosen: asWritten?.chosenColumns != nil)
            != nil
        return { batch in
            guard !RecordFlattener.holdsHugeRecord(batch) else { return nil }
            var rebuilt: RecordBatch
            if flatten {
                guard asWritten == nil || !flattensAsWritten else { return nil }
                rebuilt = RecordFlattener.flatten(batch)
            } else if unflatten {
                // No record is huge: none would be nested as it is written.
                guard let nested = try? RecordFlattener.unflatten(batch, parsingJSONText: true) else { return nil }
                rebuilt = nested
            } else {
                rebuilt = batch
            }
            rebuilt.isReshaped = true
            return rebuilt
        }
    }

    /// `batch` flattened or unflattened; `fromTable` (CSV, TSV input) parses cells that hold
    /// JSON arrays or objects.
    func rebuilt(_ batch: RecordBatch, fromTable: Bool, file: InputFile) throws(CommandFailure) -> RecordBatch {
        try options.apply(to: batch, fromTable: fromTable, file: file)
    }
}
