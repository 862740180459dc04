/// How records are laid out in a JSON output.
public enum OutputFraming: String, Sendable, CaseIterable {
    /// One JSON text: the records as one array (or a lone record as itself, when allowed).
    case json
    /// JSON Lines: one compact value per line.
    case jsonl
    /// RFC 7464: RS, value, LF.
    case jsonSeq = "json-seq"
}

/// Writes a stream of records into an `OutputBuffer` in one of the output framings.
///
/// With `json`, a lone record that did not come from a top-level array is written as itself
/// when `singleValueAllowed` (so `{"a":1}` converts to `{"a":1}`, not `[{"a":1}]`); the first
/// record is held back until a second one (or the end) decides.
public final class RecordWriter: RecordFormatter {
    /// The bytes written so far; drain them with `removeAll()` after writing them out.
    public let output: OutputBuffer
    private let framing: OutputFraming
    // Touched once per record: no runtime exclusivity checks (a writer is used by one task at a
    // time, and no access to one of them overlaps another).
    @exclusivity(unchecked) private var writer: JSONWriter
    private let singleValueAllowed: Bool
    @exclusivity(unchecked) private var held: (record: Record, edit: RecordEdit)?
    @exclusivity(unchecked) private var arrayOpen = false
    @exclusivity(unchecked) private var written = 0

    /// Creates a writer.
    public init(
        framing: OutputFraming, options: JSONWriterOptions, singleValueAllowed: Bool,
        output: OutputBuffer = OutputBuffer()
    ) {
        self.framing = framing
        self.writer = JSONWriter(
            options: framing == .jsonl ? JSONWriterOptions(pretty: false, sortKeys: options.sortKeys) : options)
        self.singleValueAllowed = singleValueAllowed
        self.output = output
    }

    /// Writes every record of a batch.
    public func write(_ batch: RecordBatch) {
        for index in 0..<batch.count { write(batch[index]) }
    }

    /// Writes one record, with `replacements` written in place of the nodes they name.
    public func write(_ record: Record, replacements: NodeReplacements = [:]) {
        if framing == .jsonl {  // the common case, without an edit made and let go per record
            writer.write(record, replacements: replacements, to: output)
            output.append(0x0A)
            written += 1
            return
        }
        var edit = RecordEdit()
        edit.replacements = replacements
        write(record, edit: edit)
    }

    /// Writes one record with `edit` applied as it is written.
    public func write(_ record: Record, edit: RecordEdit) {
        defer { written += 1 }
        switch framing {
        case .jsonl:
            writer.write(record, edit: edit, to: output)
            output.append(0x0A)
        case .jsonSeq:
            output.append(0x1E)
            writer.write(record, edit: edit, to: output)
            output.append(0x0A)
        case .json:
            if written == 0 && singleValueAllowed && !record.batch.fromTopLevelArray {
                held = (record, edit)
                return
            }
            openArray()
            writeElement(record, edit: edit)
        }
    }

    /// Ends the output (closes the array of a `json` output, or writes the held record).
    public func finish() {
        guard framing == .json else { return }
        if let held, written == 1 {
            writer.write(held.record, edit: held.edit, to: output)
            output.append(0x0A)
            self.held = nil
            return
        }
        openArray()
        if writer.options.pretty && written > 0 { output.append(0x0A) }
        output.append("]\n")
    }

    private func openArray() {
        guard !arrayOpen else { return }
        arrayOpen = true
        output.append(UInt8(ascii: "["))
        if let first = held {
            held = nil
            writeElement(first.record, edit: first.edit, isFirst: true)
        }
    }

    private func writeElement(_ record: Record, edit: RecordEdit, isFirst: Bool? = nil) {
        let first = isFirst ?? (written == 0)
        if !first { output.append(UInt8(ascii: ",")) }
        if writer.options.pretty {
            output.append(0x0A)
            output.append(repeating: 0x20, count: writer.options.indent)
        }
        writer.write(record, level: 1, edit: edit, to: output)
    }
}
