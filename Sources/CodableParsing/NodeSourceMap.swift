/// Where each node of a batch came from, for batches whose bytes are not the input itself.
///
/// Readers of other formats (YAML) write each value as a JSON token into the batch's bytes, so a
/// token's offset says nothing about the input. Such a batch carries this map: each node's line
/// and column in the input, and the input text those lines are in, for excerpts. JSON batches
/// have none and locate nodes by their offsets, as before.
public struct NodeSourceMap: Sendable {
    /// A node's place in the input: 1-based line and column (in Unicode scalars).
    public struct Position: Sendable, Equatable {
        /// 1-based line.
        public var line: UInt32
        /// 1-based column, in Unicode scalars.
        public var column: UInt32

        /// Creates a position.
        public init(line: Int, column: Int) {
            self.line = UInt32(truncatingIfNeeded: line)
            self.column = UInt32(truncatingIfNeeded: column)
        }
    }

    /// One position per node of the batch, in node order.
    public let positions: [Position]
    /// The input text holding every node's line; it starts at the start of a line.
    public let text: ByteStorage
    /// The line `text` starts with.
    public let firstLine: Int
    /// Absolute offset of `text`'s first byte in the input.
    public let baseOffset: Int
    /// What ends a line of `text`, as the reader that made the positions counts them.
    public let lineBreaks: LineBreaks

    /// Creates a map.
    public init(positions: [Position], text: ByteStorage, firstLine: Int, baseOffset: Int, lineBreaks: LineBreaks = .lineFeed) {
        self.positions = positions
        self.text = text
        self.firstLine = firstLine
        self.baseOffset = baseOffset
        self.lineBreaks = lineBreaks
    }

    /// The same text and lines with other positions (a tape built from this map's batch).
    public func withPositions(_ positions: [Position]) -> NodeSourceMap {
        NodeSourceMap(positions: positions, text: text, firstLine: firstLine, baseOffset: baseOffset, lineBreaks: lineBreaks)
    }

    /// The location of node `index`.
    public func location(ofNode index: Int) -> SourceLocation {
        let position = positions[index]
        return Self.place(line: Int(position.line), column: Int(position.column), in: text, firstLine: firstLine, baseOffset: baseOffset, lineBreaks: lineBreaks).location
    }

    /// The source line of node `index`, for showing with a caret.
    public func excerpt(ofNode index: Int) -> SourceExcerpt {
        let position = positions[index]
        return Self.place(line: Int(position.line), column: Int(position.column), in: text, firstLine: firstLine, baseOffset: baseOffset, lineBreaks: lineBreaks).excerpt
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
