#define _GNU_SOURCE  // mremap
#include "CSupport.h"

#include <stdlib.h>
#include <string.h>

// On Linux (outside fuzzing builds), a block of RAW_BLOCK_MAP_THRESHOLD bytes or more, or one
// grown to RAW_BLOCK_GROWN_MAP_THRESHOLD bytes or more, is a mapping of its own, grown with
// mremap: the kernel moves its pages, nothing is copied, and when it is freed its pages go back
// at once. Other blocks come from malloc. Each block has a 16-byte header before it saying which
// it is and how big.
//
// Why not realloc alone: glibc grows a big block inside a heap arena by copying it to a new
// chunk, and the old chunk, freed, stays resident (the arena keeps it for reuse). A record of
// 8 million values grew its 32 MB of nodes through 16 MB, 8 MB, … copies that stayed: 25 MB
// more than it held, 1.5 times the input's size. With the threshold for grown blocks at 4 MiB
// too, a YAML record of 2 MB still kept its buffers' copies of up to 2 MiB, and peaked at 4.2
// times its size (3.5 at 512 KiB). A batch's buffers that grow that far are few: reading and
// converting 100 MB of YAML or JSON Lines takes the same time either way.
//
// Fuzzing builds (CODABLE_FUZZING) and other systems use malloc, realloc and free as they
// are, so AddressSanitizer sees every block's exact bounds.
//
// RawMemory in CodableParsing uses these blocks; CSupportTests checks that a big block is a
// mapping of its own that grows in place of a copy, and that a small one comes from malloc.

#if defined(__linux__) && !defined(CODABLE_FUZZING)
#include <sys/mman.h>
#include <unistd.h>

enum { RAW_BLOCK_HEADER = 16 };
static const size_t RAW_BLOCK_MAP_THRESHOLD = (size_t)4 << 20;
static const size_t RAW_BLOCK_GROWN_MAP_THRESHOLD = (size_t)512 << 10;

typedef struct {
    size_t mapped;    // the mapping's length, header included; 0 for a malloc block
    size_t capacity;  // bytes usable after the header
} raw_block_header;

static raw_block_header *header_of(void *pointer) {
    return (raw_block_header *)((char *)pointer - RAW_BLOCK_HEADER);
}

static size_t mapping_length(size_t bytes) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + RAW_BLOCK_HEADER + page - 1) / page * page;
}

static void *mapped_block(size_t bytes) {
    size_t length = mapping_length(bytes);
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    raw_block_header *header = base;
    header->mapped = length;
    header->capacity = length - RAW_BLOCK_HEADER;
    return (char *)base + RAW_BLOCK_HEADER;
}

void *codable_raw_allocate(size_t bytes) {
    if (bytes >= RAW_BLOCK_MAP_THRESHOLD) return mapped_block(bytes);
    raw_block_header *header = malloc(bytes + RAW_BLOCK_HEADER);
    if (header == NULL) return NULL;
    header->mapped = 0;
    header->capacity = bytes;
    return (char *)header + RAW_BLOCK_HEADER;
}

void *codable_raw_reallocate(void *pointer, size_t bytes) {
    raw_block_header *header = header_of(pointer);
    if (header->mapped != 0) {
        size_t length = mapping_length(bytes);
        if (length == header->mapped) return pointer;
        void *base = mremap(header, header->mapped, length, MREMAP_MAYMOVE);
        if (base == MAP_FAILED) return NULL;
        header = base;
        header->mapped = length;
        header->capacity = length - RAW_BLOCK_HEADER;
        return (char *)base + RAW_BLOCK_HEADER;
    }
    if (bytes >= RAW_BLOCK_GROWN_MAP_THRESHOLD) {
        void *moved = mapped_block(bytes);
        if (moved == NULL) return NULL;
        memcpy(moved, pointer, header->capacity < bytes ? header->capacity : bytes);
        free(header);
        return moved;
    }
    header = realloc(header, bytes + RAW_BLOCK_HEADER);
    if (header == NULL) return NULL;
    header->capacity = bytes;
    return (char *)header + RAW_BLOCK_HEADER;
}

void codable_raw_free(void *pointer) {
    if (pointer == NULL) return;
    raw_block_header *header = header_of(pointer);
    if (header->mapped != 0) {
        munmap(header, header->mapped);
    } else {
        free(header);
    }
}

int codable_raw_is_mapped(void *pointer) {
    return header_of(pointer)->mapped != 0;
}

#else

void *codable_raw_allocate(size_t bytes) { return malloc(bytes); }
void *codable_raw_reallocate(void *pointer, size_t bytes) { return realloc(pointer, bytes); }
void codable_raw_free(void *pointer) { free(pointer); }
int codable_raw_is_mapped(void *pointer) { (void)pointer; return 0; }

#endif
