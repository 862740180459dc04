#define _GNU_SOURCE  // mremap
#include "CSupport.h"

// Built unless CODABLE_YAML_ALLOCATOR=0 (see Package.swift, and docs/development.md for what it
// saves).
//
// libyaml (the system library that reads YAML) grows a scalar's text through yaml_string_extend,
// which doubles its buffer with realloc and zero-fills the new half; a string's buffer is given
// back with yaml_free, other buffers grow with yaml_realloc, and all come from yaml_malloc. It
// calls each of them through
// its procedure linkage table, so on Linux these definitions, in the executable, take the place
// of its own (ELF symbol interposition).
//
// What for: a scalar of a few MiB grows its buffer to the next power of two, every byte of it
// written (with zeros), and glibc keeps each freed buffer resident. Here a string growing to
// BIG_STRING bytes or more moves to a mapping of its own, grown with mremap (nothing copied) and
// unmapped when freed; a mapping's new half is left to the kernel, whose fresh pages are zero
// already and are not resident until libyaml writes its text there. Such mappings are few (a
// parser holds a scalar or two at once), listed in `big`; every other block is glibc's, as
// libyaml would have it, and freeing one costs one atomic load more while no mapping is live.
//
// Fuzzing builds move strings from 1 KiB on, so that the yaml-reader target,
// whose inputs are a few KiB, runs them (AddressSanitizer does not see inside those mappings;
// libyaml itself is not instrumented).
//
// Small blocks: for each scalar it scans, libyaml allocates four 16-byte buffers (one grows to
// hold the text, through realloc) and frees three at once and the fourth with the event:
// millions of malloc and free calls for a big file, a quarter of the parsing thread's
// instructions. So each thread keeps up to KEPT freed blocks of each of the four smallest sizes
// and hands them out again to libyaml's next allocations. They stay glibc's blocks (their size is
// malloc_usable_size's), so whichever free gets one in the end is right. A thread's blocks are
// freed when it ends. Fuzzing builds keep none (AddressSanitizer would no longer see a block
// used after it was freed).
//
// A libyaml linked statically keeps its own definitions (they beat these weak ones) and inlines
// yaml_malloc, yaml_free and yaml_realloc into plain malloc, free and realloc calls. So the
// release build (Scripts/build-release.sh) links a copy of libyaml.a whose objects call
// codable_yaml_malloc, codable_yaml_free, codable_yaml_realloc and codable_yaml_string_extend
// instead of malloc, free, realloc and yaml_string_extend (objcopy --redefine-sym): the same
// four, under names no one else has.
// A libyaml built with -Bsymbolic-functions (whose calls to its own functions never leave it)
// keeps its own, silently: codable_yaml_allocation_is_interposed says which happened.

#if defined(__linux__) && defined(CODABLE_YAML_ALLOCATOR)
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(CODABLE_FUZZING)
enum { BIG_STRING = 1 << 10 };
#else
enum { BIG_STRING = 128 << 10 };
#endif
enum { MOST_BIG = 64 };

static struct { void *start; size_t length; } big[MOST_BIG];
static atomic_int big_count;
static pthread_mutex_t big_lock = PTHREAD_MUTEX_INITIALIZER;

// Set by libyaml's first call into these definitions (relaxed: a flag, ordering nothing; read
// first, so that later calls do not write the shared line).
static atomic_int reached;

int codable_yaml_allocation_is_interposed(void) {
    return atomic_load_explicit(&reached, memory_order_relaxed);
}

static void note_reached(void) {
    if (!atomic_load_explicit(&reached, memory_order_relaxed)) {
        atomic_store_explicit(&reached, 1, memory_order_relaxed);
    }
}

static size_t page_rounded(size_t bytes) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

// The slot of the mapping at `start` (or, with NULL, a free slot), or -1. Under big_lock.
static int big_slot(void *start) {
    for (int slot = 0; slot < MOST_BIG; slot++) {
        if (big[slot].start == start) return slot;
    }
    return -1;
}

// MARK: Small blocks kept per thread

// Block sizes (malloc_usable_size) kept: SMALLEST, SMALLEST + STEP, ... (24, 40, 56 and 72 with
// 64-bit glibc, whose smallest chunk holds 24 bytes and which rounds to 16).
enum { CLASSES = 4, SMALLEST = 24, STEP = 16, KEPT = 32 };

#if defined(CODABLE_FUZZING)
static const int keeps_blocks = 0;
#else
static const int keeps_blocks = 1;
#endif

struct kept_blocks {
    int counts[CLASSES];
    void *blocks[CLASSES][KEPT];
};

static __thread struct kept_blocks *kept;
static pthread_key_t kept_key;
static pthread_once_t kept_key_once = PTHREAD_ONCE_INIT;

static void free_kept(void *value) {
    struct kept_blocks *blocks = value;
    for (int class = 0; class < CLASSES; class++) {
        for (int index = 0; index < blocks->counts[class]; index++) free(blocks->blocks[class][index]);
    }
    free(blocks);
    kept = NULL;
}

static void make_kept_key(void) {
    if (pthread_key_create(&kept_key, free_kept) != 0) kept_key = (pthread_key_t)-1;
}

// The calling thread's kept blocks, made on first use (freed when the thread ends); NULL when
// they cannot be made.
__attribute__((noinline)) static struct kept_blocks *make_thread_kept(void) {
    pthread_once(&kept_key_once, make_kept_key);
    if (kept_key == (pthread_key_t)-1) return NULL;
    struct kept_blocks *blocks = calloc(1, sizeof *blocks);
    if (blocks == NULL) return NULL;
    if (pthread_setspecific(kept_key, blocks) != 0) {
        free(blocks);
        return NULL;
    }
    kept = blocks;
    return blocks;
}

// Keeps the glibc block `pointer` for reuse; 0 when it is not small or there is no room.
static inline int keep(void *pointer) {
    if (!keeps_blocks) return 0;
    size_t usable = malloc_usable_size(pointer);
    if (usable < SMALLEST || usable >= SMALLEST + STEP * CLASSES) return 0;
    struct kept_blocks *blocks = kept;
    if (blocks == NULL && (blocks = make_thread_kept()) == NULL) return 0;
    size_t class = (usable - SMALLEST) / STEP;
    int count = blocks->counts[class];
    if (count == KEPT) return 0;
    blocks->blocks[class][count] = pointer;
    blocks->counts[class] = count + 1;
    return 1;
}

// A kept block that holds `size` bytes, else one from malloc.
static inline void *small_malloc(size_t size) {
    struct kept_blocks *blocks = kept;
    if (blocks != NULL && size <= SMALLEST + STEP * (CLASSES - 1)) {
        size_t class = size <= SMALLEST ? 0 : (size - SMALLEST + STEP - 1) / STEP;
        int count = blocks->counts[class];
        if (count > 0) {
            blocks->counts[class] = count - 1;
            return blocks->blocks[class][count - 1];
        }
    }
    return malloc(size);
}

// realloc for a block of glibc's (not a mapping): a small one grows into a kept block.
static void *small_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return small_malloc(size);
    size_t usable = malloc_usable_size(pointer);
    if (size <= usable && usable < SMALLEST + STEP * CLASSES) return pointer;
    if (size <= SMALLEST + STEP * (CLASSES - 1)) {
        void *moved = small_malloc(size);
        if (moved == NULL) return NULL;
        memcpy(moved, pointer, usable);
        if (!keep(pointer)) free(pointer);
        return moved;
    }
    return realloc(pointer, size);
}

void *codable_yaml_malloc(size_t size) {
    note_reached();
    return small_malloc(size);
}

// MARK: Big strings

// Unmaps `pointer` if it is a mapping of ours (true), else leaves it.
__attribute__((noinline)) static int free_if_big(void *pointer) {
    pthread_mutex_lock(&big_lock);
    int slot = big_slot(pointer);
    if (slot < 0) {
        pthread_mutex_unlock(&big_lock);
        return 0;
    }
    size_t length = big[slot].length;
    big[slot].start = NULL;
    atomic_fetch_sub(&big_count, 1);
    pthread_mutex_unlock(&big_lock);
    munmap(pointer, length);
    return 1;
}

void codable_yaml_free(void *pointer) {
    note_reached();
    if (pointer == NULL) return;
    if (atomic_load(&big_count) > 0 && free_if_big(pointer)) return;
    if (!keep(pointer)) free(pointer);
}

// Grows or shrinks the mapping at `pointer` if it is one (with *done set), else leaves it.
static void *resize_if_big(void *pointer, size_t size, int *done) {
    *done = 0;
    if (pointer == NULL || atomic_load(&big_count) == 0) return NULL;
    pthread_mutex_lock(&big_lock);
    int slot = big_slot(pointer);
    void *moved = NULL;
    if (slot >= 0) {
        *done = 1;
        size_t length = page_rounded(size ? size : 1);
        moved = mremap(pointer, big[slot].length, length, MREMAP_MAYMOVE);
        if (moved == MAP_FAILED) {
            moved = NULL;
        } else {
            big[slot].start = moved;
            big[slot].length = length;
        }
    }
    pthread_mutex_unlock(&big_lock);
    return moved;
}

void *codable_yaml_realloc(void *pointer, size_t size) {
    note_reached();
    int done;
    void *moved = resize_if_big(pointer, size, &done);
    if (done) return moved;
    return small_realloc(pointer, size);
}

// Moves the glibc block `start` (of `size` bytes) to a new mapping of `grown` bytes; NULL
// when there is no room for one more.
static void *move_to_mapping(void *start, size_t size, size_t grown) {
    pthread_mutex_lock(&big_lock);
    int slot = big_slot(NULL);
    void *mapped = NULL;
    if (slot >= 0) {
        size_t length = page_rounded(grown);
        mapped = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) {
            mapped = NULL;
        } else {
            memcpy(mapped, start, size);
            big[slot].start = mapped;
            big[slot].length = length;
            atomic_fetch_add(&big_count, 1);
        }
    }
    pthread_mutex_unlock(&big_lock);
    if (mapped != NULL) free(start);
    return mapped;
}

int codable_yaml_string_extend(unsigned char **start, unsigned char **pointer, unsigned char **end) {
    note_reached();
    size_t size = (size_t)(*end - *start);
    size_t grown = size * 2;
    unsigned char *moved = NULL;
    if (grown >= BIG_STRING) {
        int done;
        moved = resize_if_big(*start, grown, &done);
        if (done && moved == NULL) return 0;
        if (!done) moved = move_to_mapping(*start, size, grown);
    }
    if (moved == NULL) {
        // As libyaml does it: the new half zero-filled (its strings end at the first zero byte).
        moved = small_realloc(*start, grown);
        if (moved == NULL) return 0;
        memset(moved + size, 0, size);
    }
    *pointer = moved + (*pointer - *start);
    *end = moved + grown;
    *start = moved;
    return 1;
}

// libyaml's own functions, taken over by ELF interposition when it is a shared library.
__attribute__((weak)) void *yaml_malloc(size_t size) { return codable_yaml_malloc(size ? size : 1); }

__attribute__((weak)) void yaml_free(void *pointer) { codable_yaml_free(pointer); }

__attribute__((weak)) void *yaml_realloc(void *pointer, size_t size) {
    return codable_yaml_realloc(pointer, size ? size : 1);
}

__attribute__((weak)) int yaml_string_extend(unsigned char **start, unsigned char **pointer, unsigned char **end) {
    return codable_yaml_string_extend(start, pointer, end);
}

#else

int codable_yaml_allocation_is_interposed(void) { return 0; }

#endif
