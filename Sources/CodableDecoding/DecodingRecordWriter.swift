import CodableParsing

/// Writes decoded records into an `OutputBuffer` in one of the output framings, laid out as
/// `RecordWriter` lays out records (`convert` and `decode` print the same shapes).
///
/// With `json`, a lone record that did not come from a top-level array is written as itself
/// when `singleValueAllowed`; the first record is checked at once but written only when a second
/// one (or the end) decides between a lone value and an array.
public final class DecodingRecordWriter {
    /// The bytes written so far; drain them with `removeAll()` after writing them out.
    public let output: OutputBuffer
    private let framing: OutputFraming
    private let decoder: RecordDecoder
    private let singleValueAllowed: Bool
    private var held: Record?
    private var arrayOpen = false
    private var written = 0
    /// Elements of the open `[T]` array.
    var arrayElements = 0

    /// Creates a writer that decodes with `decoder` (whose writer options give the layout; use
    /// compact ones for `jsonl`).
    public init(
        framing: OutputFraming, decoder: RecordDecoder, singleValueAllowed: Bool, output: OutputBuffer = OutputBuffer()
    ) {
        self.framing = framing
        self.decoder = decoder
        self.singleValueAllowed = singleValueAllowed
        self.output = output
    }

    private var pretty: Bool { decoder.options.writer.pretty }

    /// Decodes one record and writes it; on failure nothing is written.
    public func write(_ record: Record) throws(RecordDecodingError) {
        switch framing {
        case .jsonl:
            try decoder.decode(record, to: output)
            output.append(0x0A)
        case .jsonSeq:
            let mark = output.count
            output.append(0x1E)
            do { try decoder.decode(record, to: output) } catch {
                output.truncate(toCount: mark)
                throw error
            }
            output.append(0x0A)
        case .json:
            if written == 0 && singleValueAllowed && !record.batch.fromTopLevelArray {
                let mark = output.count
                try decoder.decode(record, to: output)  // checked now, written when the shape is known
                output.truncate(toCount: mark)
                held = record
                written = 1
                return
            }
            let opening = !arrayOpen && held == nil
            let mark = output.count
            openArray()
            do { try writeElement(record, isFirst: written == 0) } catch {
                if opening {  // nothing written yet: not even the array's "[" stays
                    output.truncate(toCount: mark)
                    arrayOpen = false
                }
                throw error
            }
        }
        written += 1
    }

    /// Ends the output (closes the array of a `json` output, or writes the held record).
    public func finish() {
        guard framing == .json else { return }
        if let held, written == 1 {
            try? decoder.decode(held, to: output)
            output.append(0x0A)
            self.held = nil
            return
        }
        openArray()
        if pretty && written > 0 { output.append(0x0A) }
        output.append("]\n")
    }

    private func openArray() {
        guard !arrayOpen else { return }
        arrayOpen = true
        output.append(UInt8(ascii: "["))
        if let first = held {
            held = nil
            try? writeElement(first, isFirst: true)  // it decoded once; it decodes again
        }
    }

    private func writeElement(_ record: Record, isFirst: Bool) throws(RecordDecodingError) {
        let mark = output.count
        if !isFirst { output.append(UInt8(ascii: ",")) }
        if pretty {
            output.append(0x0A)
            output.append(repeating: 0x20, count: decoder.options.writer.indent)
        }
        do { try decoder.decode(record, level: 1, to: output) } catch {
            output.truncate(toCount: mark)
            throw error
        }
    }
}

extension DecodingRecordWriter {
    /// A root type `[T]`: opens one array value (each input text is one), written whole, one per
    /// line (after an RS for `json-seq`).
    public func beginArray() {
        if framing == .jsonSeq { output.append(0x1E) }
        output.append(UInt8(ascii: "["))
        arrayElements = 0
    }

    /// Decodes one element of the open array with `elementDecoder` and writes it.
    public func writeArrayElement(_ record: Record, with elementDecoder: RecordDecoder) throws(RecordDecodingError) {
        let mark = output.count
        if arrayElements > 0 { output.append(UInt8(ascii: ",")) }
        let pretty = elementDecoder.options.writer.pretty
        if pretty {
            output.append(0x0A)
            output.append(repeating: 0x20, count: elementDecoder.options.writer.indent)
        }
        do { try elementDecoder.decode(record, level: pretty ? 1 : 0, to: output) } catch {
            output.truncate(toCount: mark)
            throw error
        }
        arrayElements += 1
    }

    /// Closes the open array.
    public func endArray() {
        if pretty && arrayElements > 0 { output.append(0x0A) }
        output.append("]\n")
    }

    /// Decodes a whole input text as one value (an array, for a root type `[T]`) and writes it on
    /// its own line.
    public func writeValue(_ record: Record) throws(RecordDecodingError) {
        let mark = output.count
        if framing == .jsonSeq { output.append(0x1E) }
        do { try decoder.decode(record, to: output) } catch {
            output.truncate(toCount: mark)
            throw error
        }
        output.append(0x0A)
    }
}
