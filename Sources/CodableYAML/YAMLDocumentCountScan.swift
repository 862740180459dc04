/// Tells from the raw text alone, before parsing, whether a YAML stream may hold more than one
/// document, so that a lone document whose root is a sequence can hand on its items as they are
/// read (otherwise it is held whole until the stream ends: a second document would make it one
/// record).
///
/// A document after the first one starts with a marker at the start of a line: `---`, or any
/// content after a `...` (YAML 1.2, 9.2). Markers are never content (libyaml refuses them inside
/// scalars), so finding none proves that there is one document at most. The scan is cheap: it
/// looks at the start of each line only. Feed it the bytes in pieces, then call `finish()`.
/// A UTF-16 stream (`UTF16TranscodingSource`) may always hold several.
public struct YAMLDocumentCountScan: Sendable {
    /// A line was found that may start a second document.
    public private(set) var mayHoldSeveralDocuments = false

    private enum Document { case notStarted, open, ended }
    private var document = Document.notStarted

    /// Where the scan is in the current line.
    private enum Line {
        /// At its first byte (or after a byte-order mark).
        case start
        /// Inside a byte-order mark (EF BB BF), this many bytes of it seen.
        case byteOrderMark(Int)
        /// This many bytes of a `---` (`-`) or `...` (`.`) marker seen.
        case marker(UInt8, Int)
        /// Only spaces and tabs so far: blank, a comment or content, by what comes next.
        case indent
        /// Nothing more to learn from this line.
        case rest
    }
    private var line = Line.start
    /// No byte of the stream seen yet.
    private var atStreamStart = true

    public init() {}

    /// Scans the next piece of the stream.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if atStreamStart {
            atStreamStart = false
            // UTF-16 (its byte order mark: FE FF or FF FE) is not scanned, and may hold anything.
            if base[0] == 0xFE || base[0] == 0xFF { mayHoldSeveralDocuments = true }
        }
        var index = 0
        let count = bytes.count
        while index < count && !mayHoldSeveralDocuments {
            let byte = base[index]
            switch line {
            case .rest:
                while index < count && base[index] != 0x0A && base[index] != 0x0D { index &+= 1 }
                if index < count {
                    line = .start
                    index &+= 1
                }
                continue
            case .start:
                switch byte {
                case 0xEF: line = .byteOrderMark(1)
                case UInt8(ascii: "-"), UInt8(ascii: "."): line = .marker(byte, 1)
                case UInt8(ascii: "%"): line = .rest  // a directive: only before a `---`
                default:
                    line = .indent
                    continue  // looked at again as indentation
                }
            case .byteOrderMark(let seen):
                guard byte == (seen == 1 ? 0xBB : 0xBF) else {
                    foundContent()
                    line = .rest
                    continue
                }
                line = seen == 2 ? .start : .byteOrderMark(seen + 1)
            case .marker(let marker, let seen):
                if seen < 3 {
                    guard byte == marker else {
                        foundContent()  // `- item`, `-1`, `.5`, `--x`
                        line = .rest
                        continue
                    }
                    line = .marker(marker, seen + 1)
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    foundMarker(marker)
                    line = .rest
                    continue  // a line break ends the line there
                } else {
                    foundContent()  // `----`, `...x`
                    line = .rest
                    continue
                }
            case .indent:
                switch byte {
                case 0x20, 0x09: break
                case 0x0A, 0x0D: line = .start  // a blank line
                case UInt8(ascii: "#"): line = .rest  // a comment
                default:
                    foundContent()
                    line = .rest
                    continue
                }
            }
            index &+= 1
        }
    }

    /// Ends the scan: the stream's last line may be a marker without a line break.
    public mutating func finish() {
        if case .marker(let marker, 3) = line { foundMarker(marker) }
        line = .rest
    }

    private mutating func foundMarker(_ marker: UInt8) {
        if marker == UInt8(ascii: "-") {
            if document == .notStarted { document = .open } else { mayHoldSeveralDocuments = true }
        } else {
            document = .ended
        }
    }

    private mutating func foundContent() {
        switch document {
        case .notStarted: document = .open
        case .open: break
        case .ended: mayHoldSeveralDocuments = true
        }
    }
}
