/// Where each node of a batch came from, for batches whose bytes are not the input itself.
///
/// Readers of other formats (YAML, CSV) write each value as a JSON token into the batch's bytes,
/// so a token's offset says nothing about the input. Such a batch carries this map: each node's
/// offset in the input text it was read from, and that text, so that a node is located (line,
/// column, excerpt) as a JSON node is, by counting, only when an error asks for it. Four bytes a
/// node: a record of a million small values costs 4 MB here, not the 8 a line and a column take.
/// JSON batches have none and locate nodes by their own offsets.
public struct NodeSourceMap: Sendable {
    /// One offset per node, in node order: where the node's value starts in `text`.
    public let offsets: [UInt32]
    /// The input text holding every node; it starts at the start of a line.
    public let text: ByteStorage
    /// Where `text` starts in the input, and what ends its lines.
    public let locator: SourceLocator

    /// Creates a map: `offsets` (one a node) into `text`, which starts as `locator` says.
    public init(offsets: [UInt32], text: ByteStorage, locator: SourceLocator) {
        self.offsets = offsets
        self.text = text
        self.locator = locator
    }

    /// The same text with other offsets (a tape built from this map's batch).
    public func withOffsets(_ offsets: [UInt32]) -> NodeSourceMap {
        NodeSourceMap(offsets: offsets, text: text, locator: locator)
    }

    /// The location of node `index`.
    public func location(ofNode index: Int) -> SourceLocation {
        text.withUnsafeBufferPointer { locator.location(of: Int(offsets[index]), in: $0) }
    }

    /// The source line of node `index`, for showing with a caret.
    public func excerpt(ofNode index: Int) -> SourceExcerpt {
        text.withUnsafeBufferPointer { locator.excerpt(at: Int(offsets[index]), in: $0) }
    }

    /// Location and excerpt of `line`:`column` in `text` (which starts at the start of
    /// `firstLine`, `baseOffset` bytes into the input). Lines end as `lineBreaks` says; a place
    /// past the end of `text` is clamped to its end.
    public static func place(
        line: Int, column: Int, in text: ByteStorage, firstLine: Int, baseOffset: Int, lineBreaks: LineBreaks = .lineFeed
    ) -> (location: SourceLocation, excerpt: SourceExcerpt) {
        text.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            var linesToSkip = line - firstLine
            while linesToSkip > 0 {
                let next = lineBreaks.nextLineStart(from: lineStart, in: bytes)
                guard next.found else { break }
                lineStart = next.offset
                linesToSkip -= 1
            }
            // Past the last line: the end of the text, shown on that line.
            var offset = linesToSkip > 0 ? bytes.count : lineStart
            var scalars = column - 1
            while scalars > 0 && offset < bytes.count && lineBreaks.width(at: offset, in: bytes) == 0 {
                offset += 1
                while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                scalars -= 1
            }
            let locator = SourceLocator(baseOffset: baseOffset, baseLine: firstLine, baseColumn: 1, lineBreaks: lineBreaks)
            return (SourceLocation(offset: baseOffset + offset, line: line, column: column), locator.excerpt(at: offset, in: bytes))
        }
    }
}
