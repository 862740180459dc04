/// The field names of a CSV input (its first row), kept as JSON string tokens ready to be
/// copied in front of every record's values. A class: every row takes it, and one reference is
/// counted a row, where a struct of three arrays would count three. Never changed once read,
/// so chunks scanned on other threads share it.
final class CSVHeader: Sendable {
    /// The names' JSON tokens, one after another, with where each starts and its node flags.
    private let tokens: ByteStorage
    private let starts: [UInt32]
    let flags: [UInt8]

    /// Number of columns.
    var count: Int { flags.count }

    /// Reads the names from the header row at `start`, which `row` measured (a whole row). An
    /// empty name, or one that repeats an earlier one, is an error at its cell. Everything is
    /// sized for the row up front: a header of a million names is held once, with no copies
    /// made while it grows.
    init(
        _ base: UnsafePointer<UInt8>, from start: Int, end: Int, isFinal: Bool, row: CSVRowMeasure,
        scanner: CSVRowScanner
    ) throws(JSONSyntaxError) {
        var names = Names(columns: row.fields, tokenBytes: row.contentBytes + 2 * row.fields)
        do {
            _ = try scanner.scanRow(base, from: start, end: end, isFinal: isFinal, into: &names)
        } catch {
            names.tokens.release()
            throw error
        }
        names.starts.append(UInt32(names.tokens.count))
        starts = names.starts
        flags = names.flags
        tokens = ByteStorage(taking: &names.tokens, keepingCapacity: 0)
        names.tokens.release()
    }

    /// The bytes of all the names' tokens.
    var tokenByteCount: Int { Int(starts[starts.count - 1]) }

    /// The token of column `index`.
    @inline(__always)
    func withToken<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        tokens.withUnsafeBufferPointer {
            body($0.baseAddress! + Int(starts[index]), Int(starts[index + 1] - starts[index]))
        }
    }

    /// Takes the header row's fields as names, checking each against the ones before it.
    private struct Names: CSVFieldSink {
        var tokens: OutputCursor
        var seen: ByteSpanTable
        var starts: [UInt32] = []
        var flags: [UInt8] = []

        /// Room for `columns` names whose tokens take about `tokenBytes` (escapes grow it).
        init(columns: Int, tokenBytes: Int) {
            tokens = OutputCursor(capacity: max(64, tokenBytes))
            seen = ByteSpanTable(capacity: columns)
            starts.reserveCapacity(columns + 1)
            flags.reserveCapacity(columns)
        }

        mutating func take(_ field: CSVField, in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) -> Bool {
            let column = flags.count
            guard field.contentEnd > field.contentStart else {
                throw JSONSyntaxError(
                    .format("column \(column + 1) of the header has no name (every column needs one)"), at: field.start)
            }
            let start = tokens.count
            let flag = try CSVCellEncoder.appendString(
                base, from: field.contentStart, to: field.contentEnd, collapsingQuotes: field.hasDoubledQuotes,
                to: &tokens)
            // Names past 4 GiB make a record past the most bytes one can hold.
            guard tokens.count <= RecordReaderOptions.defaultMaxRecordBytes else {
                throw JSONSyntaxError(
                    .recordTooLarge(limit: RecordReaderOptions.defaultMaxRecordBytes), at: field.start)
            }
            starts.append(UInt32(start))
            let pointer = UnsafePointer(tokens.pointer)
            let name = UnsafeBufferPointer(start: pointer + start, count: tokens.count - start)
            let earlier = seen.existingNumber(of: name) { [starts] number in
                UnsafeBufferPointer(
                    start: pointer + Int(starts[number]), count: Int(starts[number + 1] - starts[number]))
            }
            if let earlier {
                throw JSONSyntaxError(
                    .format(
                        "column name '\(JSONString.decode(name))' is used twice in the header (columns \(earlier + 1) and \(column + 1))"
                    ), at: field.start)
            }
            flags.append(flag)
            return true
        }
    }
}
