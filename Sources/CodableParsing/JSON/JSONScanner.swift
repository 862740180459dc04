/// Scans JSON values out of a byte buffer into `JSONNode`s: RFC 8259 grammar, UTF-8 validation,
/// surrogate-pair checks, bounded depth and token length.
///
/// This is the hot loop of the tool, so it works on raw pointers, keeps an explicit container
/// stack (no recursion: a 100 000-deep input cannot overflow the call stack) and never builds a
/// `String`. Line and column are not tracked here; they are computed from offsets on demand.
/// (A longer file than most: the loop and its helpers only make sense together.)
public struct JSONScanner {
    /// Containers nested deeper than this are rejected.
    public let maxDepth: Int
    /// Strings and numbers longer than this (in bytes) are rejected.
    public let maxTokenLength: Int
    /// A container with more values than this inside it (at any depth) is rejected: at most
    /// `JSONNode.maxValues`, what a container's size holds.
    public let maxValues: Int
    /// A value's blocks of alike scalars are folded past this many of its nodes
    /// (`NodeBuffer.nodesBeforeFolding`), as it is scanned, every this many more.
    public let nodesBeforeFolding: Int
    /// The open containers' node indices, kept between calls so scanning allocates nothing.
    private var stackStorage: [Int] = []

    /// Creates a scanner with the given limits.
    public init(
        maxDepth: Int = 512, maxTokenLength: Int = 1 << 30, maxValues: Int = JSONNode.maxValues,
        nodesBeforeFolding: Int = NodeBuffer.nodesBeforeFolding
    ) {
        self.maxDepth = maxDepth
        self.maxTokenLength = maxTokenLength
        self.maxValues = min(maxValues, JSONNode.maxValues)
        self.nodesBeforeFolding = min(max(1, nodesBeforeFolding), 1 << 40)  // added to a node count
    }

    /// Scans one value starting exactly at `start` (whitespace already skipped) and appends its
    /// nodes to `nodes`.
    ///
    /// - Parameters:
    ///   - bytes: the buffer; only `bytes[start..<end]` is read.
    ///   - isFinal: no bytes will ever follow `end`. When false, a number or literal that touches
    ///     `end` is reported as `unexpectedEnd`, since more input could extend it.
    ///   - depth: how many containers already enclose this value.
    /// - Returns: the offset just past the value.
    public mutating func scanValue(
        in bytes: UnsafePointer<UInt8>, from start: Int, end: Int, isFinal: Bool,
        depth outerDepth: Int = 0, into buffer: NodeBuffer
    ) throws(JSONSyntaxError) -> Int {
        var nodes = buffer.beginAppending()
        defer { buffer.endAppending(nodes) }
        nodes.startFolding(from: nodes.count + nodesBeforeFolding, every: nodesBeforeFolding)
        defer { nodes.stopFolding() }
        var pos = start
        // Indices of the open containers' nodes; a container's kind tells object from array.
        var stack = stackStorage
        stackStorage = []
        stack.removeAll(keepingCapacity: true)
        defer { stackStorage = stack }
        var openObject = false

        valueLoop: while true {
            guard pos < end else { throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: pos) }
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "\""):
                pos = try scanString(bytes, at: pos, end: end, into: &nodes)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                if outerDepth + stack.count >= maxDepth {
                    throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: pos)
                }
                let index = nodes.append(JSONNode(kind: isObject ? .object : .array, start: pos, length: 0))
                pos = skipWhitespace(bytes, from: pos + 1, end: end)
                guard pos < end else {
                    throw JSONSyntaxError(
                        .unexpectedEnd(expected: isObject ? "a string key or '}'" : "a value or ']'"), at: pos)
                }
                if bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1  // empty container: its size stays 0
                } else {
                    stack.append(index)
                    openObject = isObject
                    if isObject { pos = try scanKey(bytes, at: pos, end: end, into: &nodes) }
                    continue valueLoop
                }
            case UInt8(ascii: "t"):
                pos = try scanLiteral(
                    bytes, at: pos, end: end, isFinal: isFinal, word: 0x7472_7565, length: 4, kind: .true, into: &nodes)
            case UInt8(ascii: "f"):
                pos = try scanFalse(bytes, at: pos, end: end, into: &nodes)
            case UInt8(ascii: "n"):
                pos = try scanLiteral(
                    bytes, at: pos, end: end, isFinal: isFinal, word: 0x6E75_6C6C, length: 4, kind: .null, into: &nodes)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                pos = try scanNumber(bytes, at: pos, end: end, isFinal: isFinal, into: &nodes)
            default:
                throw JSONSyntaxError(.unexpectedByte(byte, expected: "a value"), at: pos)
            }

            // A value is complete: find ',' or its container's close.
            while let top = stack.last {
                pos = skipWhitespace(bytes, from: pos, end: end)
                guard pos < end else {
                    throw JSONSyntaxError(.unexpectedEnd(expected: openObject ? "',' or '}'" : "',' or ']'"), at: pos)
                }
                let next = bytes[pos]
                if next == UInt8(ascii: ",") {
                    pos = skipWhitespace(bytes, from: pos + 1, end: end)
                    if openObject { pos = try scanKey(bytes, at: pos, end: end, into: &nodes) }
                    continue valueLoop
                }
                guard next == (openObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw JSONSyntaxError(
                        .unexpectedByte(next, expected: openObject ? "',' or '}'" : "',' or ']'"), at: pos)
                }
                pos += 1
                let contents = nodes.count - top - 1
                if contents > maxValues {
                    throw JSONSyntaxError(.tooManyValues(limit: maxValues), at: Int(nodes.node(at: top).start))
                }
                nodes.setSize(contents, at: top)
                stack.removeLast()
                if let parent = stack.last { openObject = nodes.node(at: parent).kind == .object }
            }
            return pos
        }
    }

    /// `scanValue` for a buffer that more input may extend: when it ends inside the value and
    /// `isFinal` is false, the nodes appended are dropped and nil is returned (scan again once
    /// more bytes are in).
    public mutating func scanValueIfComplete(
        in bytes: UnsafePointer<UInt8>, from start: Int, end: Int, isFinal: Bool,
        depth: Int = 0, into buffer: NodeBuffer
    ) throws(JSONSyntaxError) -> Int? {
        let mark = buffer.count
        do {
            return try scanValue(in: bytes, from: start, end: end, isFinal: isFinal, depth: depth, into: buffer)
        } catch  where error.isUnexpectedEnd && !isFinal {
            buffer.truncate(to: mark)
            return nil
        }
    }

    /// Skips JSON whitespace (space, tab, LF, CR) and returns the first other offset, or `end`.
    @inline(__always)
    public func skipWhitespace(_ bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        var pos = start
        while pos < end {
            let byte = bytes[pos]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            pos += 1
        }
        return pos
    }

    /// An object key, the ':' after it, and the whitespace before the value.
    @inline(__always)
    private func scanKey(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, into nodes: inout NodeCursor)
        throws(JSONSyntaxError) -> Int
    {
        guard start < end else { throw JSONSyntaxError(.unexpectedEnd(expected: "a string key"), at: start) }
        guard bytes[start] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(.unexpectedByte(bytes[start], expected: "a string key"), at: start)
        }
        var pos = try scanString(bytes, at: start, end: end, into: &nodes)
        pos = skipWhitespace(bytes, from: pos, end: end)
        guard pos < end else { throw JSONSyntaxError(.unexpectedEnd(expected: "':'"), at: pos) }
        guard bytes[pos] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(.unexpectedByte(bytes[pos], expected: "':' after the key"), at: pos)
        }
        return skipWhitespace(bytes, from: pos + 1, end: end)
    }

    // MARK: Strings

    /// The high bit of each of the 8 bytes (loaded little-endian) that is '"', '\\', below 0x20,
    /// or 0x80 and above. Borrows can mark a byte above a marked one too, never below it: the
    /// lowest mark is exact, and that is the only one used.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        ByteWord.equal(to: UInt8(ascii: "\""), in: word) | ByteWord.equal(to: UInt8(ascii: "\\"), in: word)
            | ByteWord.below(0x20, in: word) | ByteWord.nonASCII(in: word)
    }

    private func scanString(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, into nodes: inout NodeCursor)
        throws(JSONSyntaxError) -> Int
    {
        var pos = start + 1
        var flags: UInt8 = 0
        while true {
            // Eight bytes at a time, straight to the first one that needs a look.
            while pos &+ 8 <= end {
                let mask = Self.attentionMask(
                    UInt64(littleEndian: UnsafeRawPointer(bytes + pos).loadUnaligned(as: UInt64.self)))
                if mask == 0 {
                    pos &+= 8
                    continue
                }
                pos &+= mask.trailingZeroBitCount &>> 3
                break
            }
            guard pos < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "'\"' to close the string"), at: pos)
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags |= 1
                if pos + 1 < end && (bytes[pos + 1] == UInt8(ascii: "u") || bytes[pos + 1] == UInt8(ascii: "/")) {
                    flags |= 2
                }
                pos = try scanEscape(bytes, at: pos, end: end)
            } else if byte < 0x20 {
                throw JSONSyntaxError(.unescapedControlCharacter(byte), at: pos)
            } else if byte < 0x80 {
                pos &+= 1
            } else {
                pos = try UTF8Sequence.end(bytes, at: pos, end: end)
            }
        }
        let length = pos + 1 - start
        if length > maxTokenLength { throw JSONSyntaxError(.tooLong(limit: maxTokenLength), at: start) }
        nodes.append(JSONNode(kind: .string, flags: flags, start: start, length: length))
        return pos + 1
    }

    /// A backslash escape at `start`; returns the offset after it.
    private func scanEscape(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int) throws(JSONSyntaxError) -> Int {
        guard start + 1 < end else {
            throw JSONSyntaxError(.unexpectedEnd(expected: "an escape sequence"), at: start + 1)
        }
        switch bytes[start + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(bytes, at: start + 2, end: end)
            if unit >= 0xDC00 && unit <= 0xDFFF { throw JSONSyntaxError(.loneSurrogate(unit), at: start) }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return start + 6 }
            // A high surrogate must be followed by an escaped low surrogate.
            // Input may end anywhere in `\uXXXX`: read on rather than call the surrogate lone.
            guard start + 6 < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "a low surrogate escape"), at: end)
            }
            guard bytes[start + 6] == UInt8(ascii: "\\") else { throw JSONSyntaxError(.loneSurrogate(unit), at: start) }
            guard start + 7 < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "a low surrogate escape"), at: end)
            }
            guard bytes[start + 7] == UInt8(ascii: "u") else { throw JSONSyntaxError(.loneSurrogate(unit), at: start) }
            let low = try hexUnit(bytes, at: start + 8, end: end)
            guard low >= 0xDC00 && low <= 0xDFFF else { throw JSONSyntaxError(.loneSurrogate(unit), at: start) }
            return start + 12
        default:
            let bad = bytes[start + 1]
            if bad >= 0x80 || bad < 0x20 { throw JSONSyntaxError(.invalidEscape(bad), at: start + 1) }
            throw JSONSyntaxError(.invalidEscape(bad), at: start)
        }
    }

    /// Four hex digits at `start` as a UTF-16 code unit.
    @inline(__always)
    private func hexUnit(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard start + offset < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "four hex digits after \\u"), at: start + offset)
            }
            guard let digit = hexValue(bytes[start + offset]) else {
                throw JSONSyntaxError(.invalidUnicodeEscape, at: start + offset)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    // MARK: Numbers and literals

    private func scanNumber(
        _ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, isFinal: Bool, into nodes: inout NodeCursor
    ) throws(JSONSyntaxError) -> Int {
        var pos = start
        @inline(__always) func isDigit(_ index: Int) -> Bool {
            index < end && bytes[index] &- UInt8(ascii: "0") < 10
        }
        @inline(__always) func requireDigit(_ what: String) throws(JSONSyntaxError) {
            guard pos < end else { throw JSONSyntaxError(.unexpectedEnd(expected: "a digit"), at: pos) }
            guard isDigit(pos) else { throw JSONSyntaxError(.invalidNumber("expected a digit \(what)"), at: pos) }
        }
        if bytes[pos] == UInt8(ascii: "-") {
            pos += 1
            try requireDigit("after '-'")
        }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { throw JSONSyntaxError(.invalidNumber("leading zeros are not allowed"), at: pos - 1) }
        } else {
            while isDigit(pos) { pos += 1 }
        }
        if pos < end && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            try requireDigit("after '.'")
            while isDigit(pos) { pos += 1 }
        }
        if pos < end && (bytes[pos] | 0x20) == UInt8(ascii: "e") {
            pos += 1
            if pos < end && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            try requireDigit("in the exponent")
            while isDigit(pos) { pos += 1 }
        }
        if pos == end && !isFinal {
            throw JSONSyntaxError(.unexpectedEnd(expected: "the rest of the number"), at: pos)
        }
        let length = pos - start
        if length > maxTokenLength { throw JSONSyntaxError(.tooLong(limit: maxTokenLength), at: start) }
        if length > JSONNode.maxNumberLength {
            throw JSONSyntaxError(.numberTooLong(limit: JSONNode.maxNumberLength), at: start)
        }
        nodes.append(JSONNode(kind: .number, start: start, length: length))
        return pos
    }

    /// `true` or `null`, compared as one 4-byte big-endian word.
    @inline(__always)
    private func scanLiteral(
        _ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, isFinal: Bool,
        word: UInt32, length: Int, kind: JSONNode.Kind, into nodes: inout NodeCursor
    ) throws(JSONSyntaxError) -> Int {
        if start + length <= end {
            let found = UInt32(bigEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt32.self))
            if found == word {
                nodes.append(JSONNode(kind: kind, start: start, length: length))
                return start + length
            }
        }
        try literalMismatch(bytes, at: start, end: end, expected: kind == .true ? "true" : "null")
    }

    private func scanFalse(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, into nodes: inout NodeCursor)
        throws(JSONSyntaxError) -> Int
    {
        if start + 5 <= end,
            UInt32(bigEndian: UnsafeRawPointer(bytes + start + 1).loadUnaligned(as: UInt32.self)) == 0x616C_7365
        {
            nodes.append(JSONNode(kind: .false, start: start, length: 5))
            return start + 5
        }
        try literalMismatch(bytes, at: start, end: end, expected: "false")
    }

    /// Finds where a literal goes wrong: at the first differing byte, or at the end of input.
    private func literalMismatch(_ bytes: UnsafePointer<UInt8>, at start: Int, end: Int, expected: StaticString)
        throws(JSONSyntaxError) -> Never
    {
        let word = UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        for (offset, byte) in word.enumerated() {
            guard start + offset < end else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "'\(expected)'"), at: start + offset)
            }
            if bytes[start + offset] != byte {
                throw JSONSyntaxError(
                    .unexpectedByte(bytes[start + offset], expected: "'\(expected)'"), at: start + offset)
            }
        }
        fatalError("unreachable: literal matched after all")
    }
}

/// The value of an ASCII hex digit, or nil.
@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
