#ifndef CODABLE_CSUPPORT_H
#define CODABLE_CSUPPORT_H

#include <stddef.h>

// The helpers codable writes in C, one .c file each (each says why it exists); every one has a
// test in Tests/CSupportTests that shows its effect.

// MARK: RawBlocks.c

/// A block of `bytes` uninitialized bytes, 16-byte aligned, or NULL when memory is out. On Linux
/// a block of 4 MiB or more (or grown to 512 KiB or more) is a mapping of its own.
void *codable_raw_allocate(size_t bytes);

/// The block at `pointer` (from `codable_raw_allocate`), grown or shrunk to `bytes` bytes, its
/// contents kept up to the smaller size, possibly at a new address; NULL when memory is out (the
/// block is then unchanged). A mapped block grows with mremap, copying nothing.
void *codable_raw_reallocate(void *pointer, size_t bytes);

/// Gives back a block from `codable_raw_allocate` or `codable_raw_reallocate` (NULL: nothing).
void codable_raw_free(void *pointer);

/// 1 when the block is a mapping of its own, 0 when it came from malloc.
int codable_raw_is_mapped(void *pointer);

// MARK: StandardDescriptors.c

/// Opens each standard descriptor that is closed (`codable … >&-`) on /dev/null the wrong way
/// round (standard input for writing, output and error for reading), so that every read or
/// write of it fails with EBADF, as on a closed descriptor. Otherwise the next descriptor opened
/// takes its number, and codable would read its input from, or write its records into, whatever
/// that is (libdispatch's epoll descriptor, an input file, a `--sort-by` run).
///
/// Runs by itself before `main` (a constructor); calling it again changes nothing.
void codable_occupy_closed_standard_descriptors(void);

// MARK: YAMLAllocation.c

/// 1 when libyaml has called codable's own yaml_free, yaml_realloc or yaml_string_extend since
/// the process started: they are built (unless CODABLE_YAML_ALLOCATOR=0) and the libyaml linked in
/// calls them instead of its own. 0 otherwise, also before libyaml has allocated anything.
int codable_yaml_allocation_is_interposed(void);

#endif
