/// A growable byte buffer that writers append to and the CLI drains to a file descriptor.
public final class OutputBuffer: @unchecked Sendable {
    var pointer: UnsafeMutablePointer<UInt8>
    var capacity: Int
    /// Number of bytes written and not yet drained.
    public private(set) var count: Int

    /// Creates an empty buffer.
    public init(capacity: Int = 1 << 20) {
        self.capacity = max(capacity, 64)
        self.pointer = .allocate(capacity: self.capacity)
        self.count = 0
    }

    deinit { pointer.deallocate() }


    func grow(toFit extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newPointer.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }

    /// Appends one byte.

    public func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        pointer[count] = byte
        count &+= 1
    }

    /// Appends `length` bytes from `source`.

    public func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if capacity - count < length { grow(toFit: length) }
        (pointer + count).update(from: source, count: length)
        count &+= length
    }

    /// Appends the UTF-8 of a static string (separators, brackets).

    public func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `count` copies of `byte` (indentation).

    public func append(repeating byte: UInt8, count length: Int) {
        if capacity - count < length { grow(toFit: length) }
        (pointer + count).update(repeating: byte, count: length)
        count &+= length
    }

    /// Appends the UTF-8 bytes of `text`.
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0.baseAddress!, count: $0.count) }
    }

    /// Read-only access to the buffered bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Forgets the buffered bytes (after they were written out), keeping the capacity.
    public func removeAll() { count = 0 }

    /// The buffered bytes as a string (tests and small outputs).
    public var text: String { String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self) }
}
