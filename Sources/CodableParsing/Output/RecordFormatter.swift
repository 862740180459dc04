/// Anything that writes records into an `OutputBuffer` in some output format: the JSON
/// `RecordWriter`, and the writers of other formats (YAML, CSV).
public protocol RecordFormatter: AnyObject {
    /// The bytes written so far; drain them with `removeAll()` after writing them out.
    var output: OutputBuffer { get }
    /// Writes every record of a batch.
    func write(_ batch: RecordBatch)
    /// Writes one record, with `replacements` (JSON text) written in place of the nodes they name.
    func write(_ record: Record, replacements: NodeReplacements)
    /// Writes one record with `edit` applied as it is written: only picked members written, in
    /// their order, dropped members left out, renamed keys under their new names, replacements
    /// written in place of the nodes they name. The output is that of the record copied with
    /// the edit applied, but nothing is copied: a huge record is not held twice.
    func write(_ record: Record, edit: RecordEdit)
    /// Ends the output (closes what is open, writes what is held back).
    func finish()
}
