#include "CAllocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void codable_keep_freed_memory(int top_pad) {
#if defined(__GLIBC__)
    // Setting any of these turns off glibc's own raising of the mmap threshold, so it is set
    // too: buffers of a few megabytes come from the heap (and are reused), not from mmap.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TOP_PAD, top_pad);
    mallopt(M_TRIM_THRESHOLD, 2 * top_pad);
#else
    (void)top_pad;
#endif
}
