/// The field names of a CSV input (its first row), kept as JSON string tokens ready to be
/// copied in front of every record's values. A class: every row takes it, and a struct of three
/// arrays was three references counted a row.
final class CSVHeader {
    /// The names' JSON tokens, one after another, with where each starts and its node flags.
    private let tokens: [UInt8]
    private let starts: [Int]
    let flags: [UInt8]

    /// Number of columns.
    var count: Int { flags.count }

    /// Reads the names from the header row's fields. An empty name, or one that repeats an
    /// earlier one, is an error at its cell.
    init(fields: [CSVField], in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) {
        var tokens = OutputCursor(capacity: 256)
        defer { tokens.release() }
        var seen = ByteSpanTable()
        var starts: [Int] = []
        var flags: [UInt8] = []
        for (column, field) in fields.enumerated() {
            guard field.contentEnd > field.contentStart else {
                throw JSONSyntaxError(.format("column \(column + 1) of the header has no name (every column needs one)"), at: field.start)
            }
            let start = tokens.count
            let flag = try CSVCellEncoder.appendString(base, from: field.contentStart, to: field.contentEnd, collapsingQuotes: field.hasDoubledQuotes, to: &tokens)
            if let earlier = seen.existingValue(forSpan: start, count: tokens.count - start, in: tokens.pointer, orInsert: column) {
                let name = JSONString.decode(UnsafeBufferPointer(start: tokens.pointer + start, count: tokens.count - start))
                throw JSONSyntaxError(.format("column name '\(name)' is used twice in the header (columns \(earlier + 1) and \(column + 1))"), at: field.start)
            }
            starts.append(start)
            flags.append(flag)
        }
        starts.append(tokens.count)
        self.starts = starts
        self.flags = flags
        self.tokens = Array(UnsafeBufferPointer(start: tokens.pointer, count: tokens.count))
    }

    /// The token of column `index`.
    @inline(__always)
    func withToken<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        tokens.withUnsafeBufferPointer { body($0.baseAddress! + starts[index], starts[index + 1] - starts[index]) }
    }
}
