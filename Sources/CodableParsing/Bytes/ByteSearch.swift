#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fast byte searches over raw buffers (libc's vectorised `memchr`).
enum ByteSearch {
    /// The first index of `byte` in `bytes[from..<to]`, or nil.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(bytes + from, Int32(byte), to - from) else { return nil }
        return bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The last index of `byte` in `bytes[from..<to]`, or nil.
    static func lastIndex(of byte: UInt8, in bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var index = to - 1
        while index >= from {
            if bytes[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    /// How many times `byte` occurs in `bytes[from..<to]`, and the index of the last one.
    static func occurrences(of byte: UInt8, in bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> (
        count: Int, last: Int?
    ) {
        var count = 0
        var last: Int?
        var position = from
        while let found = firstIndex(of: byte, in: bytes, from: position, to: to) {
            count += 1
            last = found
            position = found + 1
        }
        return (count, last)
    }
}
