import CodableParsing

/// A YAML input's bytes as UTF-8, whichever of YAML's encodings it is in: a stream that starts
/// with a UTF-16 byte order mark (`FE FF` big-endian, `FF FE` little-endian) is transcoded to
/// UTF-8 (its mark to `EF BB BF`) as it is read; any other stream is handed on as it is.
///
/// libyaml could read UTF-16 itself, but everything after it (each node's place in the input,
/// the text kept to show an excerpt, the scan for a second document) counts UTF-8 bytes: read
/// as UTF-16, a file's problems would be placed at the wrong line and column, its excerpts
/// would be unreadable, and a file of two documents would be taken for one. Transcoded, a
/// UTF-16 file reads, and is located, exactly as the same text in UTF-8.
///
/// A code unit that is not UTF-16 (a lone surrogate, a byte left over at the end) ends the
/// stream with a byte that is never UTF-8 (`FF`), where libyaml then stops with a reader error
/// at that place; `problem` says what it was, for the error's message.
struct UTF16TranscodingSource: ByteSource {
    private var source: any ByteSource
    private enum Encoding { case undecided, utf8, utf16BigEndian, utf16LittleEndian }
    private var encoding = Encoding.undecided
    /// Output made and not yet handed out, from `pendingStart` on.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Input bytes read and not yet decoded: an odd byte, or a high surrogate waiting for its low.
    private var carry: [UInt8] = []
    /// Bytes handed out so far.
    private var handedOut = 0
    /// Where the output stopped because the input was not UTF-16 (an offset in the UTF-8
    /// handed out), and why.
    private(set) var problem: (offset: Int, message: String)?
    private var sourceEnded = false
    /// Where UTF-16 input is read into.
    private var raw: [UInt8] = []

    /// The bytes of `source`, as UTF-8.
    init(_ source: any ByteSource) {
        self.source = source
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        if encoding == .undecided, let count = try decideEncoding(reading: buffer) {
            handedOut += count
            return count
        }
        if encoding == .utf8 && pendingStart == pending.count {
            if sourceEnded { return 0 }
            let count = try source.read(into: buffer)
            handedOut += count
            return count
        }
        while pendingStart == pending.count {
            guard try transcodeMore() else { return 0 }
        }
        let count = min(buffer.count, pending.count - pendingStart)
        pending.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[pendingStart..<(pendingStart + count)]))
        }
        pendingStart += count
        handedOut += count
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        }
        return count
    }

    /// Reads the stream's first bytes (into `buffer`, as a read of UTF-8 would: no extra read
    /// or copy for a file) until there are two, or the stream ends, and tells its encoding from
    /// them. Returns how many bytes `buffer` holds to hand out as they are, when one read gave
    /// them and they are not UTF-16; else what was read waits in `pending` (UTF-8), or is
    /// decoded into it (UTF-16), and nil.
    private mutating func decideEncoding(reading buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        let count = try source.read(into: buffer)
        if count == 0 { sourceEnded = true }
        let firstTwo = count >= 2 ? (buffer[0], buffer[1]) : nil
        if count == 0 || firstTwo.map({ $0 != (0xFE, 0xFF) && $0 != (0xFF, 0xFE) }) == true {
            encoding = .utf8
            return count
        }
        var first = Array(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        while first.count < 2 {  // a read of one byte (a pipe, a test's pieces)
            let count = try source.read(into: buffer)
            if count == 0 {
                sourceEnded = true
                break
            }
            first += UnsafeRawBufferPointer(rebasing: buffer[..<count])
        }
        if first.count >= 2 && (first[0], first[1]) == (0xFE, 0xFF) {
            encoding = .utf16BigEndian
        } else if first.count >= 2 && (first[0], first[1]) == (0xFF, 0xFE) {
            encoding = .utf16LittleEndian
        } else {
            encoding = .utf8
            pending = first
            return nil
        }
        pending = [0xEF, 0xBB, 0xBF]  // the mark, in UTF-8
        carry = Array(first.dropFirst(2))
        decodeCarry()
        return nil
    }

    /// Decodes the next piece of UTF-16 input into `pending`; false at the end of the output.
    private mutating func transcodeMore() throws -> Bool {
        guard !sourceEnded else {
            if !carry.isEmpty && problem == nil {
                stop(
                    carry.count == 1
                        ? "invalid UTF-16: the stream ends inside a code unit (an odd number of bytes)"
                        : "invalid UTF-16: the stream ends after a high surrogate, with no low surrogate")
                return true
            }
            return false
        }
        if raw.isEmpty { raw = [UInt8](repeating: 0, count: 64 << 10) }
        let count = try raw.withUnsafeMutableBytes { try source.read(into: $0) }
        if count == 0 {
            sourceEnded = true
            return true  // comes back here to see what is left
        }
        carry += raw[..<count]
        decodeCarry()
        return true
    }

    /// Decodes the whole code units (and surrogate pairs) of `carry` into `pending`, keeping
    /// what is not whole yet; a lone surrogate stops the output.
    private mutating func decodeCarry() {
        let bigEndian = encoding == .utf16BigEndian
        var index = 0
        func unit(at index: Int) -> UInt16 {
            bigEndian
                ? UInt16(carry[index]) << 8 | UInt16(carry[index + 1])
                : UInt16(carry[index + 1]) << 8 | UInt16(carry[index])
        }
        while index + 1 < carry.count {
            let first = unit(at: index)
            var scalar = UInt32(first)
            var length = 2
            if first >= 0xD800 && first < 0xDC00 {
                guard index + 3 < carry.count else { break }  // its low surrogate is still to come
                let second = unit(at: index + 2)
                guard second >= 0xDC00 && second < 0xE000 else {
                    carry = []
                    stop("invalid UTF-16: a high surrogate (\(hex(first))) not followed by a low surrogate")
                    return
                }
                scalar = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
                length = 4
            } else if first >= 0xDC00 && first < 0xE000 {
                carry = []
                stop("invalid UTF-16: a low surrogate (\(hex(first))) with no high surrogate before it")
                return
            }
            appendUTF8(scalar)
            index += length
        }
        carry.removeFirst(index)
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            pending.append(UInt8(scalar))
        case ..<0x800:
            pending.append(UInt8(0xC0 | scalar >> 6))
            pending.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            pending.append(UInt8(0xE0 | scalar >> 12))
            pending.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            pending.append(UInt8(0x80 | scalar & 0x3F))
        default:
            pending.append(UInt8(0xF0 | scalar >> 18))
            pending.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            pending.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            pending.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Ends the output with a byte that is never UTF-8, where libyaml stops, and says why.
    private mutating func stop(_ message: String) {
        problem = (handedOut + pending.count - pendingStart, message)
        pending.append(0xFF)
        sourceEnded = true
    }

    private func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
