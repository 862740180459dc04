#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffers of bytes or nodes from the C allocator, so that a buffer grows with `realloc`: glibc
/// moves a big block (past its mmap threshold) with `mremap`, which neither copies the bytes nor
/// touches a second copy of them. A buffer holding one 100 MB string so grows without briefly
/// holding 200 MB. Memory from here is given back with `RawMemory.free`, never `deallocate()`,
/// and holds only plain values (bytes, `JSONNode`s: no references), as `realloc` moves them.
public enum RawMemory {
    /// Room for `count` uninitialized values (at least 1).
    public static func allocate<Element>(_ count: Int, of type: Element.Type = UInt8.self) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(max(count, 1) * MemoryLayout<Element>.stride) else { fatalError("out of memory allocating \(count) values") }
        return raw.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// The block at `pointer`, grown or shrunk to room for `count` values, its contents kept
    /// (possibly at a new address).
    public static func reallocate<Element>(_ pointer: UnsafeMutablePointer<Element>, to count: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = realloc(pointer, max(count, 1) * MemoryLayout<Element>.stride) else { fatalError("out of memory allocating \(count) values") }
        return raw.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// Gives a block back.
    public static func free<Element>(_ pointer: UnsafeMutablePointer<Element>) {
        #if canImport(Glibc)
        Glibc.free(pointer)
        #elseif canImport(Musl)
        Musl.free(pointer)
        #elseif canImport(Darwin)
        Darwin.free(pointer)
        #endif
    }
}
