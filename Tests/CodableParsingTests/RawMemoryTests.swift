import Testing

@testable import CodableParsing

/// `RawMemory`'s blocks keep their contents as they grow and shrink, whether they come from
/// `malloc` or, on Linux from 4 MiB (or grown to 512 KiB), are mappings of their own grown with
/// `mremap`.
@Suite struct RawMemoryTests {
    /// The places filled and checked: every byte of a small block, every 4 099th of a big one (a
    /// prime, so each page is checked at another offset).
    private static func places(_ count: Int) -> [Int] {
        count <= 1 << 16 ? Array(0..<count) : Array(stride(from: 0, to: count, by: 4_099))
    }

    private static func byte(at index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index &* 31 &+ index >> 12) }

    private static func fill(_ pointer: UnsafeMutablePointer<UInt8>, count: Int) {
        for index in places(count) { pointer[index] = byte(at: index) }
    }

    private static func holdsPattern(_ pointer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        places(count).allSatisfy { pointer[$0] == byte(at: $0) }
    }

    @Test func aSmallBlockGrowsAndShrinksWithItsContents() {
        var block = RawMemory.allocate(100)
        Self.fill(block, count: 100)
        block = RawMemory.reallocate(block, to: 10_000)
        #expect(Self.holdsPattern(block, count: 100))
        #expect(!RawMemory.isMapped(block))
        block = RawMemory.reallocate(block, to: 10)
        #expect(Self.holdsPattern(block, count: 10))
        RawMemory.free(block)
    }

    /// Doubling from 128 KiB to 64 MiB crosses the 512 KiB threshold for grown blocks: the block
    /// moves into a mapping of its own once, then grows in place or moves its pages, its contents
    /// kept every time.
    @Test func aBlockGrowingPastTheThresholdKeepsItsContents() {
        var size = 128 << 10
        var block = RawMemory.allocate(size, of: UInt8.self)
        Self.fill(block, count: size)
        while size < 64 << 20 {
            size *= 2
            block = RawMemory.reallocate(block, to: size)
            #expect(Self.holdsPattern(block, count: size / 2), "lost bytes growing to \(size)")
            Self.fill(block, count: size)
            #if os(Linux)
                #expect(RawMemory.isMapped(block) == (size >= 512 << 10), "grown to \(size)")
            #endif
        }
        block = RawMemory.reallocate(block, to: 3 << 20)  // a mapped block shrinks where it is
        #expect(Self.holdsPattern(block, count: 3 << 20))
        RawMemory.free(block)
    }

    /// A batch's buffer of a few MiB made at its size comes from the heap, which keeps it for
    /// the next batch; only from 4 MiB is a new block a mapping.
    @Test func aNewBlockUnderFourMiBIsNotMapped() {
        let block = RawMemory.allocate(3 << 20, of: UInt8.self)
        #if os(Linux)
            #expect(!RawMemory.isMapped(block))
        #endif
        RawMemory.free(block)
    }

    @Test func aBigBlockOfNodesIsMappedFromTheStart() {
        let nodes = RawMemory.allocate(1 << 20, of: UInt32.self)  // 4 MiB
        #if os(Linux)
            #expect(RawMemory.isMapped(nodes))
        #endif
        for index in stride(from: 0, to: 1 << 20, by: 4096) { nodes[index] = UInt32(index) }
        let grown = RawMemory.reallocate(nodes, to: 3 << 20)
        #expect(stride(from: 0, to: 1 << 20, by: 4096).allSatisfy { grown[$0] == UInt32($0) })
        RawMemory.free(grown)
    }
}
