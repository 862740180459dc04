/// A place in an input: 1-based line and column, and the absolute byte offset.
///
/// Columns count Unicode scalars, so a caret lines up under the character in a terminal and an
/// editor jumps to the right place.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// Absolute byte offset from the start of the input.
    public var offset: Int
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The start of an input (where a problem with the input as a whole is reported).
    public static let start = SourceLocation(offset: 0, line: 1, column: 1)

    /// `LINE:COL`.
    public var description: String { "\(line):\(column)" }
}

/// The source line around a location, for showing it with a caret under the column.
public struct SourceExcerpt: Sendable, Equatable {
    /// The text of the line (or a window of it, when the line is long), without its line break.
    public var text: String
    /// 0-based position of the caret within `text`, in Characters of `text`.
    public var caretColumn: Int

    /// Creates an excerpt.
    public init(text: String, caretColumn: Int) {
        self.text = text
        self.caretColumn = caretColumn
    }

    /// No source line to show.
    public static let empty = SourceExcerpt(text: "", caretColumn: 0)
}

/// Turns byte offsets within one buffer into line, column and the source line.
///
/// A reader discards bytes it has handed on, so each buffer carries the line and column of its
/// first byte; counting within the buffer does the rest, only when a location is asked for.
public struct SourceLocator: Sendable {
    /// Absolute offset of the buffer's first byte.
    public var baseOffset: Int
    /// Line of the buffer's first byte.
    public var baseLine: Int
    /// Column of the buffer's first byte.
    public var baseColumn: Int
    /// What ends a line (LF unless the reader's format says more).
    public var lineBreaks: LineBreaks

    /// The locator of a buffer that starts the input.
    public static let start = SourceLocator(baseOffset: 0, baseLine: 1, baseColumn: 1)

    /// Creates a locator for a buffer starting at the given place.
    public init(baseOffset: Int, baseLine: Int, baseColumn: Int, lineBreaks: LineBreaks = .lineFeed) {
        self.baseOffset = baseOffset
        self.baseLine = baseLine
        self.baseColumn = baseColumn
        self.lineBreaks = lineBreaks
    }

    /// The location of `offset` in `bytes` (the buffer this locator describes).
    public func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let limit = min(max(offset, 0), bytes.count)
        let place = lineBreaks.lineAndColumn(
            of: limit, in: bytes, from: byteOrderMarkLength(in: bytes, before: limit), firstLine: baseLine,
            firstColumn: baseColumn)
        return SourceLocation(offset: baseOffset + limit, line: place.line, column: place.column)
    }

    /// The locations of `offsets` in `bytes`, in the order given: counted in one pass over the
    /// bytes, each on from the one before it in input order, not each from the buffer's start
    /// (many errors near the end of a long line would count that line once each).
    public func locations(of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [SourceLocation] {
        var previous: (offset: Int, location: SourceLocation)?
        return locations(of: offsets, in: bytes, continuing: &previous)
    }

    /// The same, counted on from `previous` (an offset in `bytes` and its location, left by the
    /// call before) where that lies before them; `previous` is left at the last offset.
    public func locations(
        of offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>,
        continuing previous: inout (offset: Int, location: SourceLocation)?
    ) -> [SourceLocation] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](
            repeating: SourceLocation(offset: baseOffset, line: baseLine, column: baseColumn), count: offsets.count)
        for index in order {
            let location = location(of: offsets[index], in: bytes, after: previous)
            result[index] = location
            previous = (location.offset - baseOffset, location)
        }
        return result
    }

    /// The location of `offset` in `bytes`, counted on from `previous` (an offset in `bytes` and
    /// its location) when that lies before it, past a byte order mark (if there is one) and not
    /// inside a character (a YAML break of two or three bytes is counted only whole); else from
    /// the buffer's start.
    public func location(
        of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, after previous: (offset: Int, location: SourceLocation)?
    ) -> SourceLocation {
        let limit = min(max(offset, 0), bytes.count)
        guard let previous, previous.offset >= 3, previous.offset <= limit,
            previous.offset == bytes.count || bytes[previous.offset] & 0xC0 != 0x80
        else {
            return location(of: limit, in: bytes)
        }
        let place = lineBreaks.lineAndColumn(
            of: limit, in: bytes, from: previous.offset, firstLine: previous.location.line,
            firstColumn: previous.location.column)
        return SourceLocation(offset: baseOffset + limit, line: place.line, column: place.column)
    }

    /// The locator of a buffer that would start at `offset` of this one (after `bytes[..<offset]`
    /// is discarded).
    public func advanced(by offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocator {
        let location = location(of: offset, in: bytes)
        return SourceLocator(
            baseOffset: location.offset, baseLine: location.line, baseColumn: location.column, lineBreaks: lineBreaks)
    }

    /// How many bytes of a byte order mark starting the input (`bytes` start the input) come
    /// before `offset`: 3 past it, 1 or 2 inside it, else 0. The mark is not a column, and not
    /// shown (editors, and libyaml, do not count it). Inside it counts too: a reader that keeps
    /// the last 1 KiB of a long line may cut its buffer there (`advanced(by:)`), and the mark's
    /// first byte, counted as a character, would put every later column of the line one too far.
    private func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int {
        baseOffset == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, max(offset, 0)) : 0
    }

    /// The line around `offset`, cut to a window of about `width` characters when it is long.
    public func excerpt(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, width: Int = 100) -> SourceExcerpt {
        let limit = min(max(offset, 0), bytes.count)
        // The line's ends are looked for only as far as the window reaches (a line cut there
        // shows the same), so that many errors on one long line do not each scan it whole.
        let reach = width / 2 + 1
        var start = limit
        let lowest = max(0, limit - reach)
        while start > lowest && !lineBreaks.endsLine(before: start, in: bytes) { start -= 1 }
        start = max(start, byteOrderMarkLength(in: bytes, before: limit))
        var end = limit
        let highest = min(bytes.count, limit + reach)
        while end < highest && lineBreaks.width(at: end, in: bytes) == 0 && bytes[end] != 0x0D { end += 1 }
        return excerpt(ofLine: start..<end, caretAt: limit, in: bytes, width: width)
    }

    /// The line `bytes[line]` (without its line break), with the caret at `offset`, cut to a
    /// window of about `width` characters around the caret when it is long.
    private func excerpt(
        ofLine line: Range<Int>, caretAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>, width: Int = 100
    ) -> SourceExcerpt {
        let start = line.lowerBound
        let end = line.upperBound
        let limit = min(max(offset, start), end)
        // Keep the window around the caret.
        let half = width / 2
        var windowStart = start
        var prefix = ""
        if limit - start > half {
            windowStart = limit - half
            while windowStart < limit && bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
            prefix = "…"
        }
        var windowEnd = end
        var suffix = ""
        if windowEnd - limit > half {
            windowEnd = limit + half
            while windowEnd > limit && windowEnd < bytes.count && bytes[windowEnd] & 0xC0 == 0x80 { windowEnd -= 1 }
            suffix = "…"
        }
        let beforeBytes = UnsafeBufferPointer(rebasing: bytes[windowStart..<limit])
        let restBytes = UnsafeBufferPointer(rebasing: bytes[limit..<windowEnd])
        if Self.isPrintableASCII(beforeBytes) && Self.isPrintableASCII(restBytes) {
            // Shown as they are, a Character a byte, none joining the `…` before them.
            let text =
                prefix + String(decoding: beforeBytes, as: UTF8.self) + String(decoding: restBytes, as: UTF8.self)
                + suffix
            return SourceExcerpt(text: text, caretColumn: (prefix.isEmpty ? 0 : 1) + beforeBytes.count)
        }
        let before = Self.printableText(beforeBytes)
        let rest = Self.printableText(restBytes)
        let text = prefix + before + rest + suffix
        return SourceExcerpt(
            text: text,
            caretColumn: Self.characters(
                in: text, beforeScalar: prefix.unicodeScalars.count + before.unicodeScalars.count))
    }

    /// How many Characters of `text` end before its scalar `scalar`: the caret's column. Not
    /// the parts' counts added up: a combining mark that starts the window joins the `…` into
    /// one Character, and one the caret is on belongs to the Character before it.
    static func characters(in text: String, beforeScalar scalar: Int) -> Int {
        var column = 0
        var scalars = 0
        for character in text {
            scalars += character.unicodeScalars.count
            if scalars > scalar { break }
            column += 1
        }
        return column
    }

    /// Text for showing: invalid UTF-8 repaired, tabs and control characters made visible.
    static func printableText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Most lines are printable ASCII, kept as they are: scalar by scalar, excerpts would be
        // a large share of `validate`'s time when every record has a problem.
        if isPrintableASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        let decoded = String(decoding: bytes, as: UTF8.self)
        var result = ""
        result.unicodeScalars.reserveCapacity(decoded.unicodeScalars.count)
        for scalar in decoded.unicodeScalars {
            if scalar == "\t" {
                result.unicodeScalars.append(" ")
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether every byte is printable ASCII (a space to `~`): one Character each, shown as is.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Unicode scalars in `bytes[from..<to]`: bytes that are not UTF-8 continuation bytes.
    ///
    /// Eight bytes a word: a column on a line of megabytes (a minified array cut into chunks,
    /// each of which needs the column it starts at) costs a pass at memory speed.
    public static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let base = bytes.baseAddress else { return 0 }
        precondition(from >= 0 && to <= bytes.count, "scalarCount: range out of bounds")
        var continuations = 0
        var index = from
        while index + 8 <= to {
            // Each byte of `lanes` counts the continuation bytes seen at its place, for at most
            // 255 words; then the eight counts are added up, in pairs and by one multiplication
            // (the x86-64 baseline has no popcount instruction).
            var lanes: UInt64 = 0
            let end = min(to, index + 255 * 8)
            while index + 8 <= end {
                lanes &+= ByteWord.continuationBytes(in: ByteWord.load(base + index)) >> 7
                index += 8
            }
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
            continuations += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while index < to {
            if base[index] & 0xC0 == 0x80 { continuations += 1 }
            index += 1
        }
        return to - from - continuations
    }
}
