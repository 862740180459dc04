/// Tells from the raw text alone, before parsing, whether a YAML stream may hold more than one
/// document, so that a lone document whose root is a sequence can hand on its items as they are
/// read (otherwise it is held whole until the stream ends: a second document would make it one
/// record).
///
/// A document after the first one starts with a marker at the start of a line: `---`, or any
/// content after a `...` (YAML 1.2, 9.2). Markers are never content (libyaml refuses them inside
/// scalars), so finding none proves that there is one document at most. The scan is cheap: it
/// looks at the start of each line only. Lines end where libyaml ends them: at LF, CR, NEL
/// (U+0085), LS (U+2028) and PS (U+2029). Feed it the bytes in pieces, then call `finish()`.
/// A stream that starts with a UTF-16 byte order mark (read as UTF-8 by
/// `UTF16TranscodingSource`) is scanned by its code units: its markers and line breaks are
/// the same characters.
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
        /// In the rest of the line, this many bytes of what may be a NEL (`C2 85`), LS or PS
        /// (`E2 80 A8`, `E2 80 A9`) seen, starting with `lead`.
        case breakSequence(lead: UInt8, seen: Int)
    }
    private var line = Line.start

    /// How the stream is encoded, told by its first two bytes.
    private enum Encoding {
        case undecided, utf8
        case utf16(bigEndian: Bool)
    }
    private var encoding = Encoding.undecided
    /// A byte held over to the next piece: the stream's first byte, when it may start a UTF-16
    /// byte order mark, or the first byte of a UTF-16 code unit.
    private var heldByte: UInt8?

    public init() {}

    /// Scans the next piece of the stream.
    public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var base = bytes.baseAddress, bytes.count > 0 else { return }
        var count = bytes.count
        if case .undecided = encoding {
            guard let first = heldByte else {
                guard base[0] == 0xFE || base[0] == 0xFF else {
                    encoding = .utf8
                    scanUTF8(base, count: count)
                    return
                }
                heldByte = base[0]
                scan(UnsafeBufferPointer(start: base + 1, count: count - 1))
                return
            }
            heldByte = nil
            switch (first, base[0]) {
            case (0xFE, 0xFF): encoding = .utf16(bigEndian: true)
            case (0xFF, 0xFE): encoding = .utf16(bigEndian: false)
            default:  // not UTF-16 (nor UTF-8: libyaml says so)
                encoding = .utf8
                withUnsafePointer(to: first) { scanUTF8($0, count: 1) }
                scanUTF8(base, count: count)
                return
            }
            base += 1
            count -= 1
        }
        switch encoding {
        case .utf16(let bigEndian): scanUTF16(base, count: count, bigEndian: bigEndian)
        default: scanUTF8(base, count: count)
        }
    }

    /// Scans UTF-16 code units as the UTF-8 scan would their characters: each ASCII unit as its
    /// byte, a byte order mark as `EF BB BF`, NEL, LS and PS as theirs, any other unit as a
    /// character that is content.
    private mutating func scanUTF16(_ base: UnsafePointer<UInt8>, count: Int, bigEndian: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 << 10) { scanned in
            let scannedBase = scanned.baseAddress!
            var input = 0
            while input < count && !mayHoldSeveralDocuments {
                var filled = 0
                while input < count && filled + 3 <= scanned.count {
                    guard let first = heldByte else {
                        heldByte = base[input]
                        input += 1
                        continue
                    }
                    heldByte = nil
                    let second = base[input]
                    input += 1
                    let unit = bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
                    switch unit {
                    case ..<0x80:
                        scannedBase[filled] = UInt8(unit)
                        filled += 1
                    case 0xFEFF:
                        scannedBase[filled] = 0xEF
                        scannedBase[filled + 1] = 0xBB
                        scannedBase[filled + 2] = 0xBF
                        filled += 3
                    case 0x85:  // NEL
                        scannedBase[filled] = 0xC2
                        scannedBase[filled + 1] = 0x85
                        filled += 2
                    case 0x2028, 0x2029:  // LS, PS
                        scannedBase[filled] = 0xE2
                        scannedBase[filled + 1] = 0x80
                        scannedBase[filled + 2] = UInt8(truncatingIfNeeded: 0xA8 + (unit - 0x2028))
                        filled += 3
                    default:  // a lead byte and a continuation byte: content wherever it is
                        scannedBase[filled] = 0xC2
                        scannedBase[filled + 1] = 0x80
                        filled += 2
                    }
                }
                scanUTF8(scannedBase, count: filled)
            }
        }
    }

    /// Scans UTF-8 bytes.
    private mutating func scanUTF8(_ base: UnsafePointer<UInt8>, count: Int) {
        var index = 0
        while index < count && !mayHoldSeveralDocuments {
            let byte = base[index]
            switch line {
            case .rest:
                while index < count, base[index] != 0x0A, base[index] != 0x0D, base[index] != 0xC2, base[index] != 0xE2
                { index &+= 1 }
                if index < count {
                    let lead = base[index]
                    line = lead == 0x0A || lead == 0x0D ? .start : .breakSequence(lead: lead, seen: 1)
                    index &+= 1
                }
                continue
            case .breakSequence(let lead, let seen):
                switch (lead, seen, byte) {
                case (0xC2, 1, 0x85), (0xE2, 2, 0xA8), (0xE2, 2, 0xA9): line = .start
                case (0xE2, 1, 0x80): line = .breakSequence(lead: lead, seen: 2)
                default:
                    line = .rest  // another character: looked at again
                    continue
                }
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
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 {
                    // A NEL, LS or PS may follow too: taken for a marker either way, which may
                    // only find a second document where there is none.
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
        if case .undecided = encoding, let first = heldByte {  // a stream of one byte
            heldByte = nil
            encoding = .utf8
            withUnsafePointer(to: first) { scanUTF8($0, count: 1) }
        }
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
