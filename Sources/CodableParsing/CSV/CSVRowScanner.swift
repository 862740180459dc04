/// One field of a scanned CSV row: where its content is in the buffer and how it was written.
/// Offsets are 32 bits: a CSV buffer holds at most two rows' worth, and a row is at most 1 GiB.
struct CSVField {
    private let contentStartOffset: UInt32
    private let contentEndOffset: UInt32
    /// Bit 0: written between quotes; bit 1: holds `""` pairs that stand for one quote.
    private let style: UInt8

    init(start: Int, contentStart: Int, contentEnd: Int, quoted: Bool, hasDoubledQuotes: Bool) {
        contentStartOffset = UInt32(truncatingIfNeeded: contentStart)
        contentEndOffset = UInt32(truncatingIfNeeded: contentEnd)
        style = (quoted ? 1 : 0) | (hasDoubledQuotes ? 2 : 0)
    }

    /// Offset of the field's first byte (its opening quote, when quoted).
    var start: Int { contentStart - (quoted ? 1 : 0) }
    /// Offset just past the field's last byte (its closing quote, when quoted).
    var end: Int { contentEnd + (quoted ? 1 : 0) }
    /// The content: between the quotes when quoted.
    var contentStart: Int { Int(contentStartOffset) }
    var contentEnd: Int { Int(contentEndOffset) }
    /// Written between quotes.
    var quoted: Bool { style & 1 != 0 }
    /// Holds `""` pairs that stand for one quote.
    var hasDoubledQuotes: Bool { style & 2 != 0 }
    /// Unquoted and empty: a row of only this field is a blank line.
    var isBlank: Bool { style == 0 && contentEndOffset == contentStartOffset }
}

/// Takes the fields of a row, one at a time, as `CSVRowScanner` finds them: a row is built as
/// it is scanned, and no list of its fields is kept (a row of a million fields would hold 12 MB
/// in one).
protocol CSVFieldSink {
    /// Takes the row's next field (whole: its closing quote or the byte after it was seen).
    /// Returning false stops the scan (`scanRow` returns `.stopped`).
    mutating func take(_ field: CSVField, in base: UnsafePointer<UInt8>) throws(JSONSyntaxError) -> Bool
}

/// Splits CSV rows into fields (RFC 4180): fields separated by the delimiter, rows ended by LF,
/// CRLF or a lone CR; a field that starts with `"` runs to the next lone `"` and may hold the
/// delimiter, line breaks and doubled quotes. A quote inside an unquoted field is taken as it is.
/// A field or a row over its limit is an error.
struct CSVRowScanner {
    /// What scanning a row from a position found.
    enum Outcome {
        /// A whole row; the next one starts at `next`.
        case row(next: Int)
        /// The buffer ends inside the row and more input may follow. The sink has taken the
        /// row's fields up to there.
        case needMore
        /// The sink asked to stop.
        case stopped
    }

    let delimiter: UInt8
    /// The most bytes a field takes, quotes included (the token length limit).
    let maxFieldLength: Int
    /// The most bytes a row takes, its line break included.
    let maxRowLength: Int
    /// Bytes that end an unquoted field: the delimiter, CR, LF.
    private var stops = [Bool](repeating: false, count: 256)

    init(delimiter: UInt8, maxFieldLength: Int, maxRowLength: Int) {
        self.delimiter = delimiter
        self.maxFieldLength = maxFieldLength
        self.maxRowLength = maxRowLength
        for byte in [delimiter, 0x0D, 0x0A] { stops[Int(byte)] = true }
    }

    /// Scans the row starting at `start`, handing each field to `sink`. `isFinal`: no input
    /// follows the buffer's end. A row longer than `maxRowLength` is an error once the buffer
    /// holds more of it than that, whole or not.
    @inline(__always)
    func scanRow<Sink: CSVFieldSink>(
        _ base: UnsafePointer<UInt8>, from start: Int, end count: Int, isFinal: Bool, into sink: inout Sink
    ) throws(JSONSyntaxError) -> Outcome {
        let outcome = try scanFields(base, from: start, end: count, isFinal: isFinal, into: &sink)
        switch outcome {
        case .row(let next) where next - start > maxRowLength: throw rowTooLong(at: start)
        case .needMore where count - start > maxRowLength: throw rowTooLong(at: start)
        default: return outcome
        }
    }

    /// Where the unquoted field at `start` ends: its first delimiter, CR or LF, or `count`.
    @inline(__always)
    private func unquotedEnd(_ base: UnsafePointer<UInt8>, from start: Int, end count: Int) -> Int {
        var index = start
        // Eight bytes at a time, straight to the first stop (borrows may mark bytes above it,
        // never below).
        while index &+ 8 <= count {
            let word = ByteWord.load(base + index)
            let mask =
                ByteWord.equal(to: delimiter, in: word) | ByteWord.equal(to: 0x0A, in: word)
                | ByteWord.equal(to: 0x0D, in: word)
            if mask != 0 { return index &+ ByteWord.firstMarked(mask) }
            index &+= 8
        }
        return stops.withUnsafeBufferPointer { stops in
            while index < count && !stops[Int(base[index])] { index &+= 1 }
            return index
        }
    }

    private func rowTooLong(at start: Int) -> JSONSyntaxError {
        JSONSyntaxError(.format("row longer than \(maxRowLength) bytes (is a quote not closed?)"), at: start)
    }

    private func scanFields<Sink: CSVFieldSink>(
        _ base: UnsafePointer<UInt8>, from start: Int, end count: Int, isFinal: Bool, into sink: inout Sink
    ) throws(JSONSyntaxError) -> Outcome {
        var index = start
        while true {
            let fieldStart = index
            var field: CSVField
            if index < count && base[index] == UInt8(ascii: "\"") {
                var search = index + 1
                var doubled = false
                var close = -1
                while close < 0 {
                    guard let quote = ByteSearch.firstIndex(of: UInt8(ascii: "\""), in: base, from: search, to: count)
                    else {
                        if !isFinal { return .needMore }
                        throw JSONSyntaxError(
                            .format("quoted field is not closed: the input ends inside it"), at: fieldStart)
                    }
                    if quote + 1 == count && !isFinal { return .needMore }
                    if quote + 1 < count && base[quote + 1] == UInt8(ascii: "\"") {
                        doubled = true
                        search = quote + 2
                    } else {
                        close = quote
                    }
                }
                field = CSVField(
                    start: fieldStart, contentStart: fieldStart + 1, contentEnd: close, quoted: true,
                    hasDoubledQuotes: doubled)
                index = close + 1
                if index < count && !stops[Int(base[index])] {
                    throw JSONSyntaxError(
                        .format(
                            "unexpected \(describe(base[index])) after a closing quote (double a quote inside a quoted field: \"\")"
                        ),
                        at: index)
                }
            } else {
                index = unquotedEnd(base, from: index, end: count)
                if index == count && !isFinal { return .needMore }
                field = CSVField(
                    start: fieldStart, contentStart: fieldStart, contentEnd: index, quoted: false,
                    hasDoubledQuotes: false)
            }
            if index - fieldStart > maxFieldLength {
                throw JSONSyntaxError(.tooLong(limit: maxFieldLength), at: fieldStart)
            }
            guard try sink.take(field, in: base) else { return .stopped }
            guard index < count else { return .row(next: count) }
            switch base[index] {
            case 0x0A:
                return .row(next: index + 1)
            case 0x0D:
                if index + 1 == count && !isFinal { return .needMore }
                return .row(next: index + 1 < count && base[index + 1] == 0x0A ? index + 2 : index + 1)
            default:  // the delimiter
                index += 1
            }
        }
    }
}
