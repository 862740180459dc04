#ifndef CODABLE_CSUPPORT_H
#define CODABLE_CSUPPORT_H

#include <stddef.h>
#include <stdint.h>

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

// MARK: ArrayStructureScan.c

/// Where a structural pre-scan of a top-level JSON array stands between calls.
typedef struct {
    /// Open brackets: 1 inside the top-level array (the value to start with), 0 once it closed.
    intptr_t depth;
    /// 1 inside a string.
    unsigned char in_string;
    /// 1 when the next byte is escaped (it follows a backslash that is not itself escaped).
    unsigned char escaped;
} codable_array_scan_state;

/// Scans `bytes[from..<to]` (the bytes right after those scanned before with `state`) and sets
/// `*last_separator` to the last comma among them that separates two elements of the array.
/// Returns the index of the `]` or `}` that brings the depth to 0 (where the scan stops), or -1
/// when it went to `to`. 64 bytes at a time, classified with SSE2 where the target has it.
intptr_t codable_array_structure_scan(
    codable_array_scan_state *state, const unsigned char *bytes, intptr_t from, intptr_t to,
    intptr_t *last_separator);

/// The same scan with every block classified byte by byte (what targets without SSE2 run): for
/// tests, which check that both agree.
intptr_t codable_array_structure_scan_portable(
    codable_array_scan_state *state, const unsigned char *bytes, intptr_t from, intptr_t to,
    intptr_t *last_separator);

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

/// 1 when libyaml has called codable's own yaml_malloc, yaml_free, yaml_realloc or
/// yaml_string_extend since the process started: they are built (unless CODABLE_YAML_ALLOCATOR=0)
/// and the libyaml linked in calls them instead of its own. 0 otherwise, also before libyaml has
/// allocated anything.
int codable_yaml_allocation_is_interposed(void);

// MARK: HTTPClient.c

/// One HTTP GET through the system libcurl, which is loaded (dlopen) by the first transfer that
/// needs it: `libcurl.so.4` (`libcurl.4.dylib` on macOS), or the file `CODABLE_LIBCURL` names.
/// Create it, add headers, perform it (blocking, on a thread that may block), read the answer,
/// free it. Cancelling is the one call another thread may make while it is performed. A transfer
/// that succeeded leaves its connection open for a later one to the same host.
typedef struct codable_http_transfer codable_http_transfer;

/// What `codable_http_transfer_perform` returns when libcurl could not be loaded.
#define CODABLE_HTTP_NO_LIBCURL (-1)

/// Why libcurl could not be loaded (tried on the first call), or NULL when it was.
const char *codable_http_libcurl_failure(void);

/// A new transfer, or NULL when memory is out.
codable_http_transfer *codable_http_transfer_create(void);

/// Adds a request header line (`Name: value`); 0 when libcurl is missing or memory is out.
int codable_http_transfer_add_header(codable_http_transfer *transfer, const char *line);

/// GETs `url` (http or https only; redirects are answers, not followed), failing when no data
/// comes for `timeout_seconds` (connecting included). Returns 0, `CODABLE_HTTP_NO_LIBCURL`, or
/// libcurl's error code (CURLcode): 28 when timed out, 42 when cancelled, 18 for a body cut short
/// of its Content-Length, 56 for a connection reset; `codable_http_transfer_error` says why.
int codable_http_transfer_perform(codable_http_transfer *transfer, const char *url, double timeout_seconds);

/// Stops the transfer soon (within about a second); callable from any thread, at any time.
void codable_http_transfer_cancel(codable_http_transfer *transfer);

/// The answer's status code (0 when none came).
long codable_http_transfer_status(const codable_http_transfer *transfer);

/// The answer's body (`*length` bytes; NULL when empty), decoded from any Content-Encoding.
const char *codable_http_transfer_body(const codable_http_transfer *transfer, size_t *length);

/// The answer's status line and header lines as received, each ending in CRLF.
const char *codable_http_transfer_head(const codable_http_transfer *transfer, size_t *length);

/// Why the transfer failed, as a person reads it (empty when it did not).
const char *codable_http_transfer_error(const codable_http_transfer *transfer);

/// Frees the transfer (NULL: nothing); never while it is performed.
void codable_http_transfer_free(codable_http_transfer *transfer);

// MARK: DeferredConformances.c

/// How many protocol conformance records the release build set aside (swift-syntax's, about
/// 5 000; Scripts/deferred-conformances.ld): records the Swift runtime does not scan until
/// `codable_register_deferred_conformances` is called. 0 in other builds, where none are.
///
/// Every first lookup of a (type, protocol) pair scans all the records it knows, and
/// swift-argument-parser makes about 90 such lookups at each start: without swift-syntax's
/// records each scan is half as long.
size_t codable_deferred_conformance_count(void);

/// Makes the records set aside known to the Swift runtime (once; later calls change nothing).
/// Must run before any swift-syntax code: a cast to one of its protocols, or of one of its types
/// to a protocol, finds no conformance before it.
void codable_register_deferred_conformances(void);

#endif
