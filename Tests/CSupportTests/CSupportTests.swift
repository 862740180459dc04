import CSupport
import CYAML
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each helper in CSupport shows the effect it exists for, so that one that no longer earns its
/// place fails here. (StandardDescriptors.c is tested end to end, by
/// ClosedStandardDescriptorsTests: it must run in a process started with a descriptor closed.)
@Suite struct CSupportTests {
    #if os(Linux)
        /// A block of 4 MiB is a mapping of its own, grown to 64 MiB without a copy: it keeps its
        /// contents and faults none of them in again, as mremap moves its pages. glibc's realloc
        /// copies a heap block into a new one (1 024 page faults for 4 MiB); its blocks of 4 MiB
        /// come from the heap once its mmap threshold has risen, as it does by itself after a
        /// big block is freed (to 32 MiB at most), and as it is set here.
        @Test func aBigBlockIsAMappingOfItsOwnGrownWithoutACopy() throws {
            Self.mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
            let small = 4 << 20
            let block = try #require(codable_raw_allocate(small))
            #expect(codable_raw_is_mapped(block) != 0)
            let bytes = block.bindMemory(to: UInt8.self, capacity: small)
            for index in 0..<small { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }

            let before = Self.pageFaults()
            let grown = try #require(codable_raw_reallocate(block, 64 << 20))
            let faults = Self.pageFaults() - before
            #expect(codable_raw_is_mapped(grown) != 0)
            #expect(faults < 64, "\(faults) page faults growing a 4 MiB block to 64 MiB")
            let kept = grown.bindMemory(to: UInt8.self, capacity: small)
            #expect((0..<small).allSatisfy { kept[$0] == UInt8(truncatingIfNeeded: $0 &* 7) })
            codable_raw_free(grown)
        }

        /// A small block comes from malloc (and so shares the heap's pages); grown past 512 KiB it
        /// moves to a mapping of its own, its contents kept.
        @Test func aSmallBlockComesFromMallocAndMovesToAMappingAsItGrows() throws {
            let block = try #require(codable_raw_allocate(1 << 10))
            try #require(codable_raw_is_mapped(block) == 0)
            #expect(Self.mallocUsableSize(block - 16) >= (1 << 10) + 16)
            block.storeBytes(of: 0x1234_5678, as: UInt32.self)
            let grown = try #require(codable_raw_reallocate(block, 1 << 20))
            #expect(codable_raw_is_mapped(grown) != 0)
            #expect(grown.load(as: UInt32.self) == 0x1234_5678)
            codable_raw_free(grown)
        }
    #endif

    /// libyaml's calls reach codable's yaml_malloc, yaml_free, yaml_realloc and yaml_string_extend
    /// exactly when they are built (unless CODABLE_YAML_ALLOCATOR=0) on Linux and the libyaml
    /// linked in calls them: a libyaml linked statically, or with -Bsymbolic-functions, would keep
    /// its own silently.
    @Test func libyamlCallsCodablesAllocationExactlyWhenItIsBuilt() throws {
        let scalar = try Self.parseScalar(bytes: 4 << 20)
        #if os(Linux) && CODABLE_YAML_ALLOCATOR
            #expect(codable_yaml_allocation_is_interposed() == 1)
            #expect(scalar.startsAPage, "a big scalar's buffer is a mapping of its own")
        #else
            #expect(codable_yaml_allocation_is_interposed() == 0)
        #endif
        #expect(scalar.length == 4 << 20)
    }

    /// Parses `b: xxx…` (a scalar of `bytes` bytes) with libyaml, and tells the length of its
    /// last scalar event's value and whether that value starts a page (as a mapping does, and a
    /// block from malloc never: glibc's mapped chunks start 16 bytes into their first page).
    private static func parseScalar(bytes: Int) throws -> (length: Int, startsAPage: Bool) {
        let text = Array("b: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: bytes) + [10]
        var parser = yaml_parser_t()
        try #require(yaml_parser_initialize(&parser) != 0)
        defer { yaml_parser_delete(&parser) }
        var result = (length: 0, startsAPage: false)
        try text.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(&parser, input.baseAddress, input.count)
            var event = yaml_event_t()
            repeat {
                try #require(yaml_parser_parse(&parser, &event) != 0)
                if event.type == YAML_SCALAR_EVENT {
                    let value = UInt(bitPattern: event.data.scalar.value)
                    result = (event.data.scalar.length, value % 4096 == 0)
                }
                let type = event.type
                yaml_event_delete(&event)
                if type == YAML_STREAM_END_EVENT { break }
            } while true
        }
        return result
    }

    #if os(Linux)
        /// glibc's mallopt, which Swift's Glibc module leaves out (with the rest of malloc.h).
        private static func mallopt(_ parameter: Int32, _ value: Int32) {
            let function = unsafeBitCast(
                dlsym(nil, "mallopt"), to: (@convention(c) (Int32, Int32) -> Int32).self)
            _ = function(parameter, value)
        }

        /// glibc's malloc_usable_size: the bytes of the heap block at `pointer` (from malloc).
        private static func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int {
            let function = unsafeBitCast(
                dlsym(nil, "malloc_usable_size"), to: (@convention(c) (UnsafeMutableRawPointer) -> Int).self)
            return function(pointer)
        }

        /// Minor page faults this thread has taken (RUSAGE_THREAD: other tests run meanwhile).
        private static func pageFaults() -> Int {
            var usage = rusage()
            getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
            return usage.ru_minflt
        }
    #endif
}
