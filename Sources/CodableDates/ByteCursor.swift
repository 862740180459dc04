/// A forward-only reader over UTF-8 bytes, with the digit rules of Foundation's ISO-8601 parser.
struct ByteCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inline(__always)
    mutating func advance() {
        index += 1
    }

    @inline(__always)
    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Consumes `byte` or fails.
    @inline(__always)
    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Reads 1 to `max` digits (Foundation caps every field at 10); nil when there is none.
    /// Stops after `max` digits even if more follow, as Foundation does.
    @inline(__always)
    mutating func digits(max: Int = 10) -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
            count += 1
            if count >= max { break }
        }
        return count > 0 ? value : nil
    }

    /// Reads fractional-second digits as nanoseconds: 1 to 9 digits; 10 or more is an error.
    @inline(__always)
    mutating func fraction() -> Int? {
        let start = index
        guard let value = digits(max: 10) else { return nil }
        let count = index - start
        guard count <= 9 else { return nil }
        var scaled = value
        for _ in count..<9 { scaled &*= 10 }
        return scaled
    }
}
