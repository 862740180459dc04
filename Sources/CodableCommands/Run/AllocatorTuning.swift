import CAllocator

/// Settings for the C library's allocator, made once at start-up.
enum AllocatorTuning {
    /// Records move through in batches of about a megabyte each: a buffer is allocated, filled,
    /// handed on and freed, over and over. glibc gives such memory back to the kernel as soon as
    /// it is freed, so each new batch faults its pages in afresh (a fifth of the CPU time of
    /// `--where … --select …` on 200 MB). Keeping 64 MiB of freed heap for reuse avoids that,
    /// and memory stays flat: the same pages serve every batch.
    static func keepFreedBatchMemory() {
        codable_keep_freed_memory(64 << 20)
    }
}
