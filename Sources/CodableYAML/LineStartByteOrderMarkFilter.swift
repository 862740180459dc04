import CodableParsing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A YAML input's UTF-8 with every byte order mark that starts a line after the first dropped.
///
/// YAML lets a byte order mark start any document, so files made by joining others (or edited
/// on Windows after a comment header) have one after leading comments or at a later `---`.
/// libyaml skips such a mark but counts it as a column, so the line's first key is indented by
/// one and the next line reads as the end of the mapping ("did not find expected <document
/// start>"). Dropped before libyaml sees it, the line parses as it reads, and every place after
/// it counts what libyaml saw, as the window that keeps its input does. The mark that starts the
/// stream is left to libyaml, which reads it as the encoding's. A mark at the start of a line
/// inside a quoted scalar that spans lines is dropped too: no editor shows it, and no YAML
/// writer puts it there.
struct LineStartByteOrderMarkFilter: ByteSource {
    private var source: UTF16TranscodingSource
    /// Bytes read and held back: the start of a mark, cut off by the end of a read.
    private var held: [UInt8] = []
    /// Whether the next byte starts a line (after LF or CR; not the stream's first byte).
    private var atLineStart = false
    /// Marks dropped so far, in bytes.
    private var dropped = 0
    private var sourceEnded = false
    /// Output filtered for a read too small to hold a mark, not yet handed out (from
    /// `pendingStart` on).
    private var pending: [UInt8] = []
    private var pendingStart = 0

    /// The UTF-8 of `source`, marks that start lines dropped.
    init(_ source: UTF16TranscodingSource) {
        self.source = source
    }

    /// Where the transcoding stopped on input that was not UTF-16, as an offset in this
    /// filter's output, and why.
    var problem: (offset: Int, message: String)? {
        source.problem.map { (offset: $0.offset - dropped, message: $0.message) }
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if buffer.count < 3 && pendingStart == pending.count {
            // Too small to hold a mark: filtered into `pending` first, handed out from there.
            var filtered = [UInt8](repeating: 0, count: 4096)
            let count = try filtered.withUnsafeMutableBytes { try filteredRead(into: $0) }
            filtered.removeSubrange(count...)
            pending = filtered
            pendingStart = 0
        }
        guard pendingStart < pending.count else { return try filteredRead(into: buffer) }
        let count = min(buffer.count, pending.count - pendingStart)
        for index in 0..<count { buffer[index] = pending[pendingStart + index] }
        pendingStart += count
        return count
    }

    /// Reads into `buffer` (of 3 bytes at least), the marks that start lines dropped.
    private mutating func filteredRead(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            var count = 0
            for byte in held {
                buffer[count] = byte
                count += 1
            }
            held.removeAll(keepingCapacity: true)
            if !sourceEnded {
                let read = try source.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                if read == 0 { sourceEnded = true }
                count += read
            }
            let kept = compact(buffer, count: count)
            if kept > 0 || sourceEnded && held.isEmpty { return kept }
        }
    }

    /// Drops the marks that start lines in `buffer[..<count]`, moving the rest down; a mark
    /// cut off at the end waits in `held` (unless the stream ended). Returns the bytes kept.
    /// Only the bytes from the first mark on move, so input without one is not copied.
    private mutating func compact(_ buffer: UnsafeMutableRawBufferPointer, count: Int) -> Int {
        guard count > 0, let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let startedLine = atLineStart
        atLineStart = base[count - 1] == UInt8(ascii: "\n") || base[count - 1] == UInt8(ascii: "\r")
        var written = 0  // bytes kept before `read`, when a mark was dropped; else equal to it
        var read = 0
        var search = 0
        while let found = memchr(base + search, 0xEF, count - search) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            search = at + 1
            let opensLine =
                at == 0 ? startedLine : base[at - 1] == UInt8(ascii: "\n") || base[at - 1] == UInt8(ascii: "\r")
            guard opensLine else { continue }
            let available = min(3, count - at)
            let isMark = (at + 1 >= count || base[at + 1] == 0xBB) && (at + 2 >= count || base[at + 2] == 0xBF)
            guard isMark else { continue }
            if available < 3 {
                guard !sourceEnded else { break }
                held = Array(UnsafeBufferPointer(start: base + at, count: available))
                moveDown(base, from: read, to: at, at: &written)
                atLineStart = true
                return written
            }
            moveDown(base, from: read, to: at, at: &written)
            read = at + 3
            search = read
            dropped += 3
        }
        moveDown(base, from: read, to: count, at: &written)
        return written
    }

    /// Moves `base[from..<to]` to `base[written...]` and advances `written` past it.
    private func moveDown(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int, at written: inout Int) {
        guard to > from else { return }
        if written != from { memmove(base + written, base + from, to - from) }
        written += to - from
    }
}
