import CodableParsing

/// One parser event, copied out of libyaml: its kind, where it starts, and its scalar value,
/// tag and anchor as ranges of its batch's bytes.
struct YAMLEvent {
    enum Kind: UInt8 {
        case streamStart, documentStart, documentEnd, scalar, alias
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
    }

    var kind: Kind
    /// A plain (unquoted, not block) scalar.
    var isPlain: Bool
    /// 1-based line of the event's start (where the reader's window may be cut).
    var line: Int
    /// libyaml's index of the event's start: Unicode scalars from the input's start (a byte
    /// order mark that starts it not counted).
    var character: Int
    /// The absolute input offset of the event's start: set by the reader's window, from
    /// `character`, when the batch arrives.
    var offset = 0
    /// Scalar value (or the alias's anchor name): offset and length in the batch's bytes.
    var valueStart: Int
    var valueLength: Int
    /// Tag and anchor: offset and length in the batch's bytes; length -1 when absent.
    var tagStart: Int
    var tagLength: Int
    var anchorStart: Int
    var anchorLength: Int
}

/// Why the event stream ended early: libyaml's message and the place it points at, or the
/// error the byte source threw.
struct YAMLStreamFailure: Error {
    var message: String
    /// The character index (`mark.index`) libyaml's mark names; nil for a reader error (bad
    /// bytes), which names a byte offset instead.
    var character: Int?
    /// Absolute input offset of a reader error.
    var offset: Int
    /// The error the byte source threw, if reading failed.
    var readFailure: (any Error)?
}

/// A run of events handed from the parsing thread to the reading one, with the input bytes
/// libyaml consumed while producing them (so the reader's window of source lines stays whole).
///
/// Event values live in one byte arena owned by the batch, whose address is stable while the
/// batch is read; a batch is reused once read. Only one thread touches a batch at a time: the
/// pipe hands it over under its lock.
final class YAMLEventBatch: @unchecked Sendable {
    /// Events in order.
    @exclusivity(unchecked) private(set) var events: UnsafeMutablePointer<YAMLEvent>
    @exclusivity(unchecked) private(set) var count = 0
    let capacity: Int
    /// Bytes of values, tags and anchors.
    @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity: Int
    /// Input fed to libyaml while this batch was filled.
    @exclusivity(unchecked) private(set) var input: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var inputCount = 0
    @exclusivity(unchecked) private var inputCapacity: Int
    /// Whether the arena (or the input) grew past 512 KiB before and was let go: it is kept the
    /// next time, up to 1 MiB (`keepsRoom`).
    @exclusivity(unchecked) private var bytesShrank = false
    @exclusivity(unchecked) private var inputShrank = false
    /// Set on the last batch: the stream ended (nil failure) or failed.
    var isLast = false
    var failure: YAMLStreamFailure?

    init(capacity: Int) {
        self.capacity = capacity
        events = .allocate(capacity: capacity)
        byteCapacity = 1 << 16
        bytes = RawMemory.allocate(byteCapacity)
        inputCapacity = 1 << 16
        input = RawMemory.allocate(inputCapacity)
    }

    deinit {
        events.deallocate()
        RawMemory.free(bytes)
        RawMemory.free(input)
    }

    var isFull: Bool { count == capacity || byteCount >= 1 << 18 }

    /// Empties the batch for reuse; an arena (or input) a huge scalar grew goes back to 64 KiB
    /// (`keepsRoom`), so the batches kept for reuse do not hold on to it: kept, the buffers of a
    /// scalar of half a MiB or more would stay beside the document made of it while that is
    /// decoded, adding about its size again.
    func reset() {
        if !Self.keepsRoom(byteCapacity, shrank: &bytesShrank) { shrink(&bytes, capacity: &byteCapacity) }
        dropInput()
        count = 0
        byteCount = 0
        isLast = false
        failure = nil
    }

    func append(_ event: YAMLEvent) {
        events[count] = event
        count += 1
    }

    /// Copies `length` bytes at `source` into the arena; returns their offset.
    func appendBytes(_ source: UnsafePointer<UInt8>?, count length: Int) -> Int {
        if byteCapacity - byteCount < length {
            grow(&bytes, count: byteCount, capacity: &byteCapacity, minimum: byteCount + length)
        }
        let start = byteCount
        if let source, length > 0 { (bytes + start).update(from: source, count: length) }
        byteCount += length
        return start
    }

    /// Keeps a copy of input bytes fed to libyaml.
    func appendInput(_ source: UnsafeRawPointer, count length: Int) {
        if inputCapacity - inputCount < length {
            grow(&input, count: inputCount, capacity: &inputCapacity, minimum: inputCount + length)
        }
        (input + inputCount).update(from: source.assumingMemoryBound(to: UInt8.self), count: length)
        inputCount += length
    }

    /// Forgets the input once the reading thread has its copy (the source window), so that a
    /// huge scalar's input is not held twice while its document is built.
    func dropInput() {
        if !Self.keepsRoom(inputCapacity, shrank: &inputShrank) { shrink(&input, capacity: &inputCapacity) }
        inputCount = 0
    }

    /// Whether a buffer of `capacity` bytes is kept for the next fill: up to 512 KiB, which a
    /// batch's own text and input reach (it is full at 256 KiB of text); up to 1 MiB once it
    /// was let go before (`shrank`), when the stream keeps bringing scalars that size (making it
    /// again each time would slow a stream of such scalars); past 1 MiB, never.
    private static func keepsRoom(_ capacity: Int, shrank: inout Bool) -> Bool {
        if capacity <= 1 << 19 { return true }
        if capacity <= 1 << 20 && shrank { return true }
        shrank = true
        return false
    }

    private func shrink(_ pointer: inout UnsafeMutablePointer<UInt8>, capacity: inout Int) {
        RawMemory.free(pointer)
        capacity = 1 << 16
        pointer = RawMemory.allocate(capacity)
    }

    /// Grows through `RawMemory.reallocate`: a huge scalar's arena is not briefly held twice.
    private func grow(_ pointer: inout UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, minimum: Int) {
        capacity = max(capacity * 2, minimum)
        pointer = RawMemory.reallocate(pointer, to: capacity)
    }
}
