// The structural pre-scan of a top-level JSON array (CodableParsing's ArrayStructureScan), 64
// bytes at a time: it finds the commas between the array's elements so that the elements can be
// scanned on every core. Byte by byte it cost as much as scanning the strings of the records
// themselves (7.7 instructions a byte); here the bytes are classified with SSE2 on x86-64 (16 a
// compare), and the strings, their escapes and the brackets are followed through 64-bit masks,
// as simdjson's first stage does: about 1.5 instructions a byte.
//
// It only proposes places to cut, and whoever scans the pieces checks them, so on malformed
// input it may propose anything (a backslash outside a string escapes here too) but never reads
// out of bounds or loops.

#include "CSupport.h"

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// One block's bytes of each kind, bit i for byte i.
typedef struct {
    uint64_t quote, backslash, open, close, comma;
} block_masks;

/// `[` and `{` are the same byte but for 0x20, as are `]` and `}`: one compare each finds both.
static const unsigned char folded_open = '{';
static const unsigned char folded_close = '}';

static inline block_masks classify_portable(const unsigned char *bytes) {
    block_masks masks = {0, 0, 0, 0, 0};
    for (int i = 0; i < 64; i++) {
        const unsigned char byte = bytes[i];
        const uint64_t bit = (uint64_t)1 << i;
        if (byte == '"') masks.quote |= bit;
        if (byte == '\\') masks.backslash |= bit;
        if (byte == ',') masks.comma |= bit;
        if ((byte | 0x20) == folded_open) masks.open |= bit;
        if ((byte | 0x20) == folded_close) masks.close |= bit;
    }
    return masks;
}

#if defined(__SSE2__)
static inline uint64_t equal_bits(const __m128i lanes[4], __m128i wanted) {
    uint64_t bits = 0;
    for (int lane = 0; lane < 4; lane++) {
        const uint64_t lane_bits = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lanes[lane], wanted));
        bits |= lane_bits << (16 * lane);
    }
    return bits;
}

static inline block_masks classify_sse2(const unsigned char *bytes) {
    __m128i lanes[4], folded[4];
    const __m128i lower = _mm_set1_epi8(0x20);
    for (int lane = 0; lane < 4; lane++) {
        lanes[lane] = _mm_loadu_si128((const __m128i *)(bytes + 16 * lane));
        folded[lane] = _mm_or_si128(lanes[lane], lower);
    }
    block_masks masks;
    masks.quote = equal_bits(lanes, _mm_set1_epi8('"'));
    masks.backslash = equal_bits(lanes, _mm_set1_epi8('\\'));
    masks.comma = equal_bits(lanes, _mm_set1_epi8(','));
    masks.open = equal_bits(folded, _mm_set1_epi8((char)folded_open));
    masks.close = equal_bits(folded, _mm_set1_epi8((char)folded_close));
    return masks;
}
#endif

/// Each bit set to the XOR of itself and every bit below it: from an opening quote up to (not
/// including) its closing quote.
static inline uint64_t prefix_xor(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

/// Follows one block of `count` bytes (at most 64; bytes past `count` are zero) classified as
/// `masks`, whose first byte is at `offset`. Returns the offset of the bracket that closes the
/// array (the state is then no longer used), or -1.
static inline intptr_t follow_block(
    codable_array_scan_state *state, block_masks masks, int count, intptr_t offset, intptr_t *last_separator) {
    // Escaped bytes: the one after each backslash that is not itself escaped.
    uint64_t escaped = state->escaped ? 1 : 0;
    uint64_t starts = masks.backslash & ~escaped;
    unsigned char escapes_next_block = 0;
    while (starts != 0) {
        const int index = __builtin_ctzll(starts);
        if (index == count - 1) {
            escapes_next_block = 1;
            break;
        }
        escaped |= (uint64_t)2 << index;
        starts &= ~((uint64_t)3 << index);
    }
    state->escaped = escapes_next_block;

    uint64_t in_string = prefix_xor(masks.quote & ~escaped);
    if (state->in_string) in_string = ~in_string;
    // Bytes past `count` are zero, no quote: the top bit is the string state after the block.
    state->in_string = (unsigned char)(in_string >> 63);

    uint64_t structural = (masks.open | masks.close | masks.comma) & ~in_string;
    intptr_t depth = state->depth;
    while (structural != 0) {
        const int index = __builtin_ctzll(structural);
        const uint64_t bit = (uint64_t)1 << index;
        if (masks.open & bit) {
            depth += 1;
        } else if (masks.close & bit) {
            depth -= 1;
            if (depth == 0) {
                state->depth = 0;
                return offset + index;
            }
        } else if (depth == 1) {
            *last_separator = offset + index;
        }
        structural &= structural - 1;
    }
    state->depth = depth;
    return -1;
}

static intptr_t scan(
    codable_array_scan_state *state, const unsigned char *bytes, intptr_t from, intptr_t to,
    intptr_t *last_separator, int portable) {
    intptr_t index = from;
    for (; index + 64 <= to; index += 64) {
#if defined(__SSE2__)
        const block_masks masks = portable ? classify_portable(bytes + index) : classify_sse2(bytes + index);
#else
        (void)portable;
        const block_masks masks = classify_portable(bytes + index);
#endif
        const intptr_t closed = follow_block(state, masks, 64, index, last_separator);
        if (closed >= 0) return closed;
    }
    if (index < to) {
        unsigned char tail[64] = {0};
        const int count = (int)(to - index);
        memcpy(tail, bytes + index, (size_t)count);
        return follow_block(state, classify_portable(tail), count, index, last_separator);
    }
    return -1;
}

intptr_t codable_array_structure_scan(
    codable_array_scan_state *state, const unsigned char *bytes, intptr_t from, intptr_t to,
    intptr_t *last_separator) {
    return scan(state, bytes, from, to, last_separator, 0);
}

intptr_t codable_array_structure_scan_portable(
    codable_array_scan_state *state, const unsigned char *bytes, intptr_t from, intptr_t to,
    intptr_t *last_separator) {
    return scan(state, bytes, from, to, last_separator, 1);
}
