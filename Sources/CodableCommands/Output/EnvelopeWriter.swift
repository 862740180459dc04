import CodableParsing
import CodablePipeline

/// Writes one page of records inside an envelope (`--envelope`):
/// `{"items":[…],"page":2,"pageSize":50,"hasMorePages":true,"nextPage":3}`, plus `"totalItems"`
/// and `"totalPages"` when the whole input was read. One JSON value, pretty or compact as the
/// output is; with `--to json-seq` it is preceded by RS.
final class EnvelopeWriter: RecordFormatter {
    let output: OutputBuffer
    private var writer: JSONWriter
    private let framing: OutputFraming
    private let page: Int
    private let pageSize: Int?
    private var written = 0
    /// What is known about the page; set before `finish()`.
    var facts = PageFacts(written: 0, hasMore: false, total: nil)

    init(
        framing: OutputFraming, options: JSONWriterOptions, page: Int, pageSize: Int?,
        output: OutputBuffer = OutputBuffer()
    ) {
        self.framing = framing
        self.writer = JSONWriter(
            options: framing == .jsonl ? JSONWriterOptions(pretty: false, sortKeys: options.sortKeys) : options)
        self.page = page
        self.pageSize = pageSize
        self.output = output
        if framing == .jsonSeq { output.append(0x1E) }
        output.append(pretty ? "{\n  \"items\": [" : "{\"items\":[")
    }

    private var pretty: Bool { writer.options.pretty }

    func write(_ batch: RecordBatch) {
        for index in 0..<batch.count { write(batch[index], replacements: [:]) }
    }

    func write(_ record: Record, replacements: NodeReplacements) {
        startItem()
        writer.write(record, level: 2, replacements: replacements, to: output)
    }

    /// Writes one record with `edit` applied as it is written (nothing copied).
    func write(_ record: Record, edit: RecordEdit) {
        startItem()
        writer.write(record, level: 2, edit: edit, to: output)
    }

    /// What goes before an item: a comma after the first, and a new line when pretty.
    private func startItem() {
        if written > 0 { output.append(UInt8(ascii: ",")) }
        written += 1
        if pretty {
            output.append(0x0A)
            output.append(repeating: 0x20, count: 2 * writer.options.indent)
        }
    }

    func finish() {
        if pretty && written > 0 {
            output.append(0x0A)
            output.append(repeating: 0x20, count: writer.options.indent)
        }
        output.append("]")
        let size = pageSize ?? facts.written
        var fields: [(String, String)] = [
            ("page", "\(page)"), ("pageSize", "\(size)"), ("hasMorePages", "\(facts.hasMore)"),
            ("nextPage", facts.hasMore ? "\(page + 1)" : "null"),
        ]
        if let total = facts.total {
            fields.append(("totalItems", "\(total)"))
            fields.append(("totalPages", "\(size == 0 ? 0 : (total + size - 1) / size)"))
        }
        var text = ""
        for (name, value) in fields { text += pretty ? ",\n  \"\(name)\": \(value)" : ",\"\(name)\":\(value)" }
        text += pretty ? "\n}\n" : "}\n"
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = output.beginAppending()
            cursor.append(buffer.baseAddress!, count: buffer.count)
            output.endAppending(cursor)
        }
    }
}
