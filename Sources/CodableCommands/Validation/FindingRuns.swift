import CodableParsing

/// How `SortedFindings` writes a sorted run of findings, and reads it back. A finding is its
/// node (8 bytes, little-endian), then its five strings, each a 4-byte length and its UTF-8 (a
/// length of `UInt32.max` for an absent rule location).
enum FindingRuns {
    static func append(_ finding: CheckerFinding, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: Int64(finding.node).littleEndian) { bytes.append(contentsOf: $0) }
        for text in [
            finding.instancePath, finding.rule, finding.ruleLocation, finding.absoluteRuleLocation, finding.message,
        ] {
            guard var text else {
                withUnsafeBytes(of: UInt32.max.littleEndian) { bytes.append(contentsOf: $0) }
                continue
            }
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }
    }
}

/// The k-way merge of sorted runs: written runs read back through a small buffer each, then
/// the run still in memory. Ties go to the earlier run, which the checker found first.
struct RunMerge {
    private var readers: [RunReader]
    private var memory: [CheckerFinding]
    private var memoryNext = 0
    /// Each source's next finding: the written runs in order, then memory.
    private var heads: [CheckerFinding?]
    /// Sources with a head, as a binary heap on (head's node, source).
    private var heap: [Int] = []

    /// Reads each run's first finding: throws when one cannot be read back.
    init(memory: [CheckerFinding], runs: [Range<Int>], file: UnnamedTemporaryFile?) throws(TemporaryFileError) {
        readers = file.map { file in runs.map { RunReader(file: file, bytes: $0) } } ?? []
        self.memory = memory
        heads = Array(repeating: nil, count: readers.count + 1)
        for source in heads.indices {
            heads[source] = try read(source)
            if heads[source] != nil { push(source) }
        }
    }

    /// Every finding has been handed out.
    var isExhausted: Bool { heap.isEmpty }

    /// The next findings in order, at most `limit` of them.
    mutating func next(atMost limit: Int) throws(TemporaryFileError) -> [CheckerFinding] {
        var page: [CheckerFinding] = []
        while page.count < limit, let source = heap.first {
            page.append(heads[source]!)
            heads[source] = try read(source)
            if heads[source] == nil {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            if !heap.isEmpty { siftDown() }
        }
        return page
    }

    private mutating func read(_ source: Int) throws(TemporaryFileError) -> CheckerFinding? {
        if source < readers.count { return try readers[source].next() }
        guard memoryNext < memory.count else {
            memory = []
            return nil
        }
        memoryNext += 1
        return memory[memoryNext - 1]
    }

    private func before(_ a: Int, _ b: Int) -> Bool {
        (heads[a]!.node, a) < (heads[b]!.node, b)
    }

    private mutating func push(_ source: Int) {
        heap.append(source)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Moves the heap's first source down to its place.
    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var least = left
            if left + 1 < heap.count && before(heap[left + 1], heap[left]) { least = left + 1 }
            guard before(heap[least], heap[parent]) else { return }
            heap.swapAt(least, parent)
            parent = least
        }
    }
}

/// One written run, read back in order through a buffer of its own.
struct RunReader {
    let file: UnnamedTemporaryFile
    /// The run's bytes not yet in the buffer.
    private var unread: Range<Int>
    private var buffer: [UInt8] = []
    private var position = 0

    /// Bytes read from the file at a time (more for a longer string).
    static let bufferSize = 1024

    init(file: UnnamedTemporaryFile, bytes: Range<Int>) {
        self.file = file
        unread = bytes
    }

    /// The next finding, or nil at the run's end.
    mutating func next() throws(TemporaryFileError) -> CheckerFinding? {
        guard position < buffer.count || !unread.isEmpty else {
            buffer = []
            return nil
        }
        let node = Int(Int64(littleEndian: try integer(Int64.self)))
        let instancePath = try string() ?? ""
        let rule = try string() ?? ""
        let ruleLocation = try string() ?? ""
        let absoluteRuleLocation = try string()
        let message = try string() ?? ""
        return CheckerFinding(
            node: node, instancePath: instancePath, rule: rule, ruleLocation: ruleLocation,
            absoluteRuleLocation: absoluteRuleLocation, message: message)
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(TemporaryFileError) -> T {
        let bytes = try take(MemoryLayout<T>.size)
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    private mutating func string() throws(TemporaryFileError) -> String? {
        let length = UInt32(littleEndian: try integer(UInt32.self))
        guard length != .max else { return nil }
        return String(decoding: try take(Int(length)), as: UTF8.self)
    }

    /// The next `count` bytes of the run.
    private mutating func take(_ count: Int) throws(TemporaryFileError) -> [UInt8] {
        var taken: [UInt8] = []
        taken.reserveCapacity(count)
        while taken.count < count {
            if position == buffer.count {
                guard !unread.isEmpty else { throw TemporaryFileError(reason: "the temporary file ended early") }
                try refill(wanting: count - taken.count)
            }
            let step = min(count - taken.count, buffer.count - position)
            taken.append(contentsOf: buffer[position..<(position + step)])
            position += step
        }
        return taken
    }

    private mutating func refill(wanting count: Int) throws(TemporaryFileError) {
        let size = min(max(Self.bufferSize, count), unread.count)
        if buffer.count != size { buffer = Array(repeating: 0, count: size) }
        let start = unread.lowerBound
        var filled = 0
        while filled < size {
            let got = buffer.withUnsafeMutableBytes { all in
                Result { () throws(TemporaryFileError) in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: all[filled...]), at: start + filled)
                }
            }
            filled += try got.get()
        }
        unread = (start + size)..<unread.upperBound
        position = 0
    }
}
