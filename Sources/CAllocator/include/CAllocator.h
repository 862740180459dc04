#ifndef CODABLE_CALLOCATOR_H
#define CODABLE_CALLOCATOR_H

#include <stddef.h>

/// Keeps `top_pad` bytes of freed heap memory for reuse instead of handing it back to the
/// kernel at once (glibc's M_TOP_PAD and M_TRIM_THRESHOLD), and serves blocks under 32 MiB from
/// the heap rather than from mmap (M_MMAP_THRESHOLD). Does nothing on other C libraries.
void codable_keep_freed_memory(int top_pad);

/// A block of `bytes` uninitialized bytes, 16-byte aligned, or NULL when memory is out. On Linux
/// a block of 4 MiB or more (or grown to 512 KiB or more) is a mapping of its own (see
/// RawBlocks.c).
void *codable_raw_allocate(size_t bytes);

/// The block at `pointer` (from `codable_raw_allocate`), grown or shrunk to `bytes` bytes, its
/// contents kept up to the smaller size, possibly at a new address; NULL when memory is out (the
/// block is then unchanged). A mapped block grows with mremap, copying nothing.
void *codable_raw_reallocate(void *pointer, size_t bytes);

/// Gives back a block from `codable_raw_allocate` or `codable_raw_reallocate` (NULL: nothing).
void codable_raw_free(void *pointer);

/// 1 when the block is a mapping of its own, 0 when it came from malloc.
int codable_raw_is_mapped(void *pointer);

#endif
