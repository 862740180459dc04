#ifndef CODABLE_CALLOCATOR_H
#define CODABLE_CALLOCATOR_H

/// Keeps `top_pad` bytes of freed heap memory for reuse instead of handing it back to the
/// kernel at once (glibc's M_TOP_PAD and M_TRIM_THRESHOLD), and serves blocks under 32 MiB from
/// the heap rather than from mmap (M_MMAP_THRESHOLD). Does nothing on other C libraries.
void codable_keep_freed_memory(int top_pad);

#endif
