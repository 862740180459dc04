/// The field names of a CSV input (its first row), kept as JSON string tokens ready to be
/// copied in front of every record's values. A class: every row takes it, and a struct of three
/// arrays was three references counted a row.
final class CSVHeader {
    /// The names' JSON tokens, one after another, with where each starts and its node flags.
    private let tokens: ByteStorage
    private let starts: [UInt32]
    let flags: [UInt8]

    /// Number of columns.
    var count: Int { flags.count }

    /// Reads the names from the header row's fields. An empty name, or one that repeats an
    /// earlier one, is an error at its cell. Everything is sized for the row up front: a header
    /// of a million names is held once, with no copies made while it grows.
    init(fields: [CSVField], in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) {
        // Quotes around each name; escapes, if any, grow the buffer.
        var tokens = OutputCursor(capacity: max(64, fields.reduce(0) { $0 + $1.contentEnd - $1.contentStart + 2 }))
        var seen = ByteSpanTable(capacity: fields.count)
        var starts: [UInt32] = []
        var flags: [UInt8] = []
        starts.reserveCapacity(fields.count + 1)
        flags.reserveCapacity(fields.count)
        do throws(JSONSyntaxError) {
            for (column, field) in fields.enumerated() {
                guard field.contentEnd > field.contentStart else {
                    throw JSONSyntaxError(.format("column \(column + 1) of the header has no name (every column needs one)"), at: field.start)
                }
                let start = tokens.count
                let flag = try CSVCellEncoder.appendString(base, from: field.contentStart, to: field.contentEnd, collapsingQuotes: field.hasDoubledQuotes, to: &tokens)
                // Names past 4 GiB make a record past the most bytes one can hold.
                guard tokens.count <= RecordReaderOptions.defaultMaxRecordBytes else {
                    throw JSONSyntaxError(.recordTooLarge(limit: RecordReaderOptions.defaultMaxRecordBytes), at: field.start)
                }
                starts.append(UInt32(start))
                let pointer = UnsafePointer(tokens.pointer)
                let name = UnsafeBufferPointer(start: pointer + start, count: tokens.count - start)
                let earlier = seen.existingNumber(of: name) { number in
                    UnsafeBufferPointer(start: pointer + Int(starts[number]), count: Int(starts[number + 1] - starts[number]))
                }
                if let earlier {
                    throw JSONSyntaxError(.format("column name '\(JSONString.decode(name))' is used twice in the header (columns \(earlier + 1) and \(column + 1))"), at: field.start)
                }
                flags.append(flag)
            }
        } catch {
            tokens.release()
            throw error
        }
        starts.append(UInt32(tokens.count))
        self.starts = starts
        self.flags = flags
        self.tokens = ByteStorage(taking: &tokens, keepingCapacity: 0)
        tokens.release()
    }

    /// The bytes of all the names' tokens.
    var tokenByteCount: Int { Int(starts[starts.count - 1]) }

    /// The token of column `index`.
    @inline(__always)
    func withToken<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        tokens.withUnsafeBufferPointer { body($0.baseAddress! + Int(starts[index]), Int(starts[index + 1] - starts[index])) }
    }
}
