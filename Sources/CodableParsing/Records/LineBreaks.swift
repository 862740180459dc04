/// Which bytes end a line when an input's places are counted as line and column.
///
/// A reader and the code that shows its places must count lines the same way, or a place read
/// from one points at another line of the text the other holds.
public enum LineBreaks: Sendable, Equatable {
    /// LF ends a line (CRLF through its LF): JSON and JSON Lines.
    case lineFeed
    /// CRLF, a lone CR or LF: the row ends CSV accepts.
    case returnOrLineFeed
    /// The line breaks libyaml counts in its marks (YAML 1.1's): CRLF, a lone CR, LF, NEL
    /// (U+0085), LS (U+2028) and PS (U+2029).
    case yaml

    /// The length in bytes of the line break that starts at `index`, or 0 if none does.
    @inline(__always)
    public func width(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[index]
        if byte == 0x0A { return 1 }
        guard self != .lineFeed else { return 0 }
        let remaining = bytes.count - index
        if byte == 0x0D { return remaining > 1 && bytes[index + 1] == 0x0A ? 2 : 1 }
        guard self == .yaml else { return 0 }
        switch byte {
        case 0xC2: return remaining > 1 && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return remaining > 2 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                ? 3 : 0
        default: return 0
        }
    }

    /// Whether a line break ends just before `index` (so a line starts there).
    @inline(__always)
    public func endsLine(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0 else { return false }
        let byte = bytes[index - 1]
        if byte == 0x0A { return true }
        guard self != .lineFeed else { return false }
        if byte == 0x0D { return index == bytes.count || bytes[index] != 0x0A }
        guard self == .yaml else { return false }
        switch byte {
        case 0x85: return index >= 2 && bytes[index - 2] == 0xC2
        case 0xA8, 0xA9: return index >= 3 && bytes[index - 3] == 0xE2 && bytes[index - 2] == 0x80
        default: return false
        }
    }

    /// The line breaks that lie whole in `bytes[from..<to]`: how many, and the offset just past
    /// the last one. LF and CR are found with `memchr`, so counting over megabytes of CSV costs
    /// little more than for LF alone.
    public func breaks(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (count: Int, lastEnd: Int?) {
        guard let base = bytes.baseAddress, from < to else { return (0, nil) }
        if self == .yaml { return yamlBreaks(in: bytes, from: from, to: to) }
        let lineFeeds = ByteSearch.occurrences(of: 0x0A, in: base, from: from, to: to)
        var count = lineFeeds.count
        var lastEnd = lineFeeds.last.map { $0 + 1 }
        if self == .returnOrLineFeed {
            var position = from
            while let carriageReturn = ByteSearch.firstIndex(of: 0x0D, in: base, from: position, to: to) {
                position = carriageReturn + 1
                // A CR before an LF is half of a CRLF, counted at its LF (or not at all when
                // the LF lies past `to`).
                guard position == bytes.count || base[position] != 0x0A else { continue }
                count += 1
                lastEnd = max(lastEnd ?? 0, position)
            }
        }
        return (count, lastEnd)
    }

    /// `breaks(in:from:to:)` for YAML: one pass, testing the bytes a break may start with.
    private func yamlBreaks(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> (count: Int, lastEnd: Int?) {
        var count = 0
        var lastEnd: Int?
        var index = from
        while index < to {
            guard mayStartBreak(bytes[index]) else {
                index += 1
                continue
            }
            let width = width(at: index, in: bytes)
            if width > 0 && index + width <= to {
                count += 1
                index += width
                lastEnd = index
            } else {
                index += 1
            }
        }
        return (count, lastEnd)
    }

    /// Whether a line break may start with `byte`: LF, CR, and for YAML the first bytes of NEL
    /// (0xC2), LS and PS (0xE2). Other bytes are passed over with this one test.
    @inline(__always)
    private func mayStartBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || (self != .lineFeed && (byte == 0x0D || (self == .yaml && (byte == 0xC2 || byte == 0xE2))))
    }

    /// Where the next line break at or after `offset` starts, or `bytes.count` if none does.
    public func nextBreak(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, offset < bytes.count else { return bytes.count }
        switch self {
        case .lineFeed:
            return ByteSearch.firstIndex(of: 0x0A, in: base, from: offset, to: bytes.count) ?? bytes.count
        case .returnOrLineFeed:
            // A CR is looked for only before the next LF: no search runs to the end of the
            // bytes once per line.
            let lineFeed = ByteSearch.firstIndex(of: 0x0A, in: base, from: offset, to: bytes.count) ?? bytes.count
            return ByteSearch.firstIndex(of: 0x0D, in: base, from: offset, to: lineFeed) ?? lineFeed
        case .yaml:
            let count = bytes.count
            var index = offset
            while index + 8 <= count {
                // Eight bytes at a time, to the first that a break may start with.
                let found = Self.yamlBreakStarts(ByteWord.load(base + index))
                guard found != 0 else {
                    index += 8
                    continue
                }
                index += found.trailingZeroBitCount / 8
                if width(at: index, in: bytes) > 0 { return index }
                index += 1
            }
            while index < count {
                if mayStartBreak(base[index]) && width(at: index, in: bytes) > 0 { return index }
                index += 1
            }
            return count
        }
    }

    /// Marks the bytes of `word` that a YAML line break may start with (LF, CR, 0xC2, 0xE2); the
    /// first mark is exact (`ByteWord`).
    @inline(__always)
    private static func yamlBreakStarts(_ word: UInt64) -> UInt64 {
        ByteWord.equal(to: 0x0A, in: word) | ByteWord.equal(to: 0x0D, in: word)
            | ByteWord.equal(to: 0xC2, in: word) | ByteWord.equal(to: 0xE2, in: word)
    }

    /// The offset just past the next line break at or after `offset` (or `bytes.count`), and
    /// whether there was one.
    public func nextLineStart(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, found: Bool) {
        let start = nextBreak(from: offset, in: bytes)
        guard start < bytes.count else { return (bytes.count, false) }
        return (start + width(at: start, in: bytes), true)
    }

    /// The line and column (1-based, in Unicode scalars) of `offset` in `bytes`, whose byte
    /// `start` is at line `firstLine`, column `firstColumn`.
    public func lineAndColumn(
        of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, firstLine: Int, firstColumn: Int = 1
    ) -> (line: Int, column: Int) {
        let end = min(max(offset, start), bytes.count)
        let lines = breaks(in: bytes, from: start, to: end)
        let lineStart = lines.lastEnd ?? start
        let scalars = SourceLocator.scalarCount(bytes, from: lineStart, to: end)
        return (firstLine + lines.count, (lines.count == 0 ? firstColumn : 1) + scalars)
    }
}
