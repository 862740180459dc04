import CSupport

/// Buffers of bytes or nodes that grow without holding a second copy of themselves: on Linux a
/// block of 4 MiB or more is a mapping of its own, grown with `mremap` (the kernel moves its
/// pages; nothing is copied) and handed back to the kernel when freed; smaller blocks come from
/// `malloc` (`RawBlocks.c` in CSupport). A buffer holding one 100 MB string so grows without
/// briefly holding 200 MB, and the tape of a record of millions of values leaves no freed copies
/// of its smaller sizes behind in the heap (glibc's `realloc` alone grows such a tape by
/// copying, and keeps each old copy resident for reuse). Memory from here is given back with
/// `RawMemory.free`, never `deallocate()`, and holds only plain values (bytes, `JSONNode`s: no
/// references), as growing moves them.
public enum RawMemory {
    /// Room for `count` uninitialized values (at least 1).
    public static func allocate<Element>(_ count: Int, of type: Element.Type = UInt8.self) -> UnsafeMutablePointer<
        Element
    > {
        guard let raw = codable_raw_allocate(max(count, 1) * MemoryLayout<Element>.stride) else {
            fatalError("out of memory allocating \(count) values")
        }
        return raw.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// The block at `pointer`, grown or shrunk to room for `count` values, its contents kept
    /// (possibly at a new address).
    public static func reallocate<Element>(_ pointer: UnsafeMutablePointer<Element>, to count: Int)
        -> UnsafeMutablePointer<Element>
    {
        guard let raw = codable_raw_reallocate(pointer, max(count, 1) * MemoryLayout<Element>.stride) else {
            fatalError("out of memory allocating \(count) values")
        }
        return raw.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// Gives a block back.
    public static func free<Element>(_ pointer: UnsafeMutablePointer<Element>) {
        codable_raw_free(pointer)
    }

    /// Whether the block is a mapping of its own (on Linux, from 4 MiB), not from `malloc`.
    static func isMapped<Element>(_ pointer: UnsafeMutablePointer<Element>) -> Bool {
        codable_raw_is_mapped(pointer) != 0
    }
}
