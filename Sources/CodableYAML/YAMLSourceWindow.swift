import CodableParsing

/// The YAML input read so far, from the start of the oldest line still needed, so that values
/// and errors can be shown with their source line. Owned by the reading thread: the parsing
/// thread hands its input on with each event batch.
final class YAMLSourceWindow {
    /// Input from the start of line `firstLine` on.
    private(set) var storage = ByteStorage(capacity: 1 << 16)
    /// The (1-based) line `storage` starts with.
    private var firstLine = 1
    /// Absolute input offset of `storage`'s first byte.
    private var baseOffset = 0
    /// libyaml's character index (`mark.index`) of `storage`'s first byte.
    private var baseCharacter = 0
    /// The last character index turned into an offset, and that offset in `storage`: events
    /// come in input order, so each conversion counts on from the one before.
    private var cursor = (character: 0, offset: 0)

    /// Adds input that follows what is held.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(bytes)
    }

    /// Where `storage` starts in the input, with lines ended as libyaml ends them.
    var locator: SourceLocator {
        SourceLocator(baseOffset: baseOffset, baseLine: firstLine, baseColumn: 1, lineBreaks: .yaml)
    }

    /// Location and excerpt of the input byte at `offset` (absolute, modulo 2^32); clamped to the
    /// window's ends.
    func place(ofOffset offset: UInt32) -> (location: SourceLocation, excerpt: SourceExcerpt) {
        let relative = Int(offset &- UInt32(truncatingIfNeeded: baseOffset))
        let locator = locator
        return storage.withUnsafeBufferPointer {
            (locator.location(of: relative, in: $0), locator.excerpt(at: relative, in: $0))
        }
    }

    /// The absolute input offset of the character libyaml's marks index as `character` (Unicode
    /// scalars from the input's start, a byte order mark that starts it not counted); clamped to
    /// the window's ends.
    func offset(ofCharacter character: Int) -> Int {
        storage.withUnsafeBufferPointer { bytes in
            cursor = advance(cursor, to: character, in: bytes)
        }
        return baseOffset + cursor.offset
    }

    /// Sets the `offset` of each of `count` events from its `character`: the events that came
    /// with the input just appended, all at once.
    func locate(_ events: UnsafeMutablePointer<YAMLEvent>, count: Int) {
        var place = cursor
        storage.withUnsafeBufferPointer { bytes in
            for index in 0..<count {
                place = advance(place, to: events[index].character, in: bytes)
                events[index].offset = baseOffset + place.offset
            }
        }
        cursor = place
    }

    /// Counts on from `place` (a character index and its offset in `bytes`) to `character`; from
    /// the window's start when `character` lies before `place`.
    private func advance(
        _ place: (character: Int, offset: Int), to character: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (character: Int, offset: Int) {
        var (index, offset) = character < place.character ? (baseCharacter, 0) : place
        if offset == 0 { offset = byteOrderMarkLength(bytes) }
        guard let base = bytes.baseAddress else { return (index, offset) }
        let count = bytes.count
        // The common case, text all ASCII up to the character: as many bytes as characters.
        if index < character && character - index <= count - offset
            && Self.isASCII(base + offset, count: character - index)
        {
            return (character, offset + character - index)
        }
        while index < character && offset < count {
            // Eight bytes at a time while they end on a character's start: each is one but the
            // continuation bytes (10xxxxxx) among the seven after the first.
            if character - index >= 8 && offset + 8 < count && base[offset + 8] & 0xC0 != 0x80 {
                // The first byte starts a character: its mark is left out.
                let continuations = ByteWord.continuationBytes(in: ByteWord.load(base + offset)) & ~0x80
                index += 8 - continuations.nonzeroBitCount
                offset += 8
                continue
            }
            offset += 1
            while offset < count && base[offset] & 0xC0 == 0x80 { offset += 1 }
            index += 1
        }
        return (index, offset)
    }

    /// Whether the `count` bytes at `start` are all ASCII (below 0x80), eight at a time.
    @inline(__always)
    private static func isASCII(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= count {
            high |= UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < count {
            high |= UInt64(start[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// 3 when `bytes` (the window's) start the input with a byte order mark, which libyaml
    /// skips: it is not a character, and no line starts with it.
    private func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        baseOffset == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Drops the lines before `line` (they hold no value still to be located), copying what is
    /// kept into fresh storage so that batches already handed on keep theirs untouched.
    func trim(toLine line: Int) {
        guard line > firstLine else {
            storage = copy(of: storage, from: 0)
            return
        }
        var offset = 0
        var skipped = 0
        storage.withUnsafeBufferPointer { bytes in
            while firstLine + skipped < line, offset < bytes.count {
                let next = LineBreaks.yaml.nextLineStart(from: offset, in: bytes)
                guard next.found else { break }
                offset = next.offset
                skipped += 1
            }
        }
        forgetCharacters(before: offset)
        firstLine += skipped
        baseOffset += offset
        storage = copy(of: storage, from: offset)
    }

    /// Drops the whole lines at the start that are blank, only a comment, or the end marker
    /// (`...`) of a document already read. Only for when no value still to be located lies
    /// before the window's end (between documents, none held): a long run of such lines then
    /// costs no memory. The line holding a token still being read is not blank, so it, and all
    /// after it, stay.
    func dropLeadingBlankLines() {
        var droppedBytes = 0
        var droppedLines = 0
        storage.withUnsafeBufferPointer { bytes in
            let breaks = LineBreaks.yaml
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            var index = byteOrderMarkLength(bytes)
            while index < bytes.count {
                var cursor = index
                // The end marker of the document before (`...` at column 1) is as good as blank.
                if index + 3 < bytes.count, bytes[index..<index + 3].elementsEqual("...".utf8),
                    isBlank(bytes[index + 3]) || breaks.width(at: index + 3, in: bytes) > 0
                {
                    cursor += 3
                }
                while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
                    while cursor < bytes.count, breaks.width(at: cursor, in: bytes) == 0 { cursor += 1 }
                }
                // Content, or a line still to come whole (a CR may be the first half of a CRLF).
                guard cursor < bytes.count, breaks.width(at: cursor, in: bytes) > 0,
                    bytes[cursor] != 0x0D || cursor + 1 < bytes.count
                else { break }
                index = cursor + breaks.width(at: cursor, in: bytes)
                droppedBytes = index
                droppedLines += 1
            }
        }
        guard droppedLines > 0 else { return }
        forgetCharacters(before: droppedBytes)
        firstLine += droppedLines
        baseOffset += droppedBytes
        storage = copy(of: storage, from: droppedBytes)
    }

    /// Moves the character count past `storage[..<offset]` (a line start), which is about to be
    /// dropped.
    private func forgetCharacters(before offset: Int) {
        guard offset > 0 else { return }
        let character =
            cursor.offset <= offset
            ? cursor.character + characterCount(from: cursor.offset, to: offset)
            : cursor.character - characterCount(from: offset, to: cursor.offset)
        cursor = cursor.offset >= offset ? (cursor.character, cursor.offset - offset) : (character, 0)
        baseCharacter = character
    }

    private func copy(of storage: ByteStorage, from offset: Int) -> ByteStorage {
        storage.withUnsafeBufferPointer { bytes in
            let next = ByteStorage(capacity: max(1 << 16, (bytes.count - offset) * 2))
            next.append(UnsafeBufferPointer(rebasing: bytes[offset...]))
            return next
        }
    }

    /// The characters libyaml counts in `storage[start..<end]` (a byte order mark that starts the
    /// input is not one).
    private func characterCount(from start: Int, to end: Int) -> Int {
        storage.withUnsafeBufferPointer { bytes in
            let first = max(start, byteOrderMarkLength(bytes))
            return first < end ? SourceLocator.scalarCount(bytes, from: first, to: end) : 0
        }
    }

}
