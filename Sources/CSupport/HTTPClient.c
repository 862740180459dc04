// HTTP GETs through the system libcurl, loaded with dlopen on the first request: see
// CSupport.h. Linking libcurl (or FoundationNetworking, which links it) loads it and the thirty
// libraries behind it into every run, URL or not, and the dynamic loader resolving their symbols
// was a third of codable's start-up. No curl headers are installed, so the few prototypes and
// constants used are declared here, with their values from curl.h (stable parts of its ABI).
// Tested end to end by the HTTP tests (HTTPSourceTests, HTTPPaginationTests, SchemaFetchTests).

#include "CSupport.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void CURL;
typedef long long curl_off_t;
struct curl_slist;

enum {
    CURLE_OK = 0,
    CURLE_FAILED_INIT = 2,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_ABORTED_BY_CALLBACK = 42,
    CURL_ERROR_SIZE = 256,
    CURL_GLOBAL_ALL = 3,
    CURLPROTO_HTTP = 1,
    CURLPROTO_HTTPS = 2,
};

// CURLoption: a type base (long 0, pointer 10000, function 20000) plus a number.
enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_NOPROGRESS = 43,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_XFERINFODATA = 10057,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_PROTOCOLS = 181,
    CURLOPT_XFERINFOFUNCTION = 20219,
};

enum { CURLINFO_RESPONSE_CODE = 0x200000 + 2 };

typedef size_t (*curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                      curl_off_t upload_total, curl_off_t uploaded);

// The libcurl functions used, looked up once.
static struct {
    int (*global_init)(long flags);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *handle, int option, ...);
    int (*easy_perform)(CURL *handle);
    int (*easy_getinfo)(CURL *handle, int info, ...);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    const char *(*easy_strerror)(int code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
    char failure[512];  // why libcurl could not be loaded; empty when it was
} curl;

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    const char *name = getenv("CODABLE_LIBCURL");
    if (name == NULL || *name == '\0') {
#ifdef __APPLE__
        name = "libcurl.4.dylib";
#else
        name = "libcurl.so.4";
#endif
    }
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(curl.failure, sizeof curl.failure, "HTTP needs libcurl, which could not be loaded (%s)",
                 reason != NULL ? reason : name);
        return;
    }
    enum { count = 10 };
    void *symbols[count];
    static const char *const names[count] = {
        "curl_global_init",   "curl_easy_init",    "curl_easy_setopt",    "curl_easy_perform", "curl_easy_getinfo",
        "curl_easy_cleanup",  "curl_easy_strerror", "curl_slist_append", "curl_slist_free_all", "curl_easy_reset",
    };
    for (int index = 0; index < count; index++) {
        symbols[index] = dlsym(library, names[index]);
        if (symbols[index] == NULL) {
            snprintf(curl.failure, sizeof curl.failure, "HTTP needs libcurl, and %s has no %s", name, names[index]);
            return;
        }
    }
    // Function pointers from dlsym's object pointers, as POSIX allows.
    memcpy(&curl.global_init, &symbols[0], sizeof(void *));
    memcpy(&curl.easy_init, &symbols[1], sizeof(void *));
    memcpy(&curl.easy_setopt, &symbols[2], sizeof(void *));
    memcpy(&curl.easy_perform, &symbols[3], sizeof(void *));
    memcpy(&curl.easy_getinfo, &symbols[4], sizeof(void *));
    memcpy(&curl.easy_cleanup, &symbols[5], sizeof(void *));
    memcpy(&curl.easy_strerror, &symbols[6], sizeof(void *));
    memcpy(&curl.slist_append, &symbols[7], sizeof(void *));
    memcpy(&curl.slist_free_all, &symbols[8], sizeof(void *));
    memcpy(&curl.easy_reset, &symbols[9], sizeof(void *));
    // Not thread-safe in older libcurls, hence once, before any handle exists.
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(curl.failure, sizeof curl.failure, "HTTP needs libcurl, and %s failed to start", name);
    }
}

/// A growing byte buffer (malloc'd).
struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
    int out_of_memory;
};

static int buffer_append(struct buffer *buffer, const char *bytes, size_t length) {
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
        while (capacity < buffer->length + length) capacity *= 2;
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->out_of_memory = 1;
            return 0;
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
    return 1;
}

struct codable_http_transfer {
    struct curl_slist *headers;
    struct buffer body;
    struct buffer head;  // the last response's header lines, as received
    long status;
    atomic_int cancelled;
    int timed_out;
    double timeout;
    double last_data;  // monotonic seconds when data last came (or the transfer began)
    curl_off_t last_count;
    char error[CURL_ERROR_SIZE + 64];
};

// Handles of finished transfers, kept for the next ones: a handle keeps its connections open,
// so the next page from the same host reuses one (no new TCP or TLS handshake). At most as many
// as transfers run at once (the page ahead and the current one, or a schema's refs).
enum { idle_capacity = 4 };
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;
static CURL *idle_handles[idle_capacity];
static int idle_count;

static CURL *take_handle(void) {
    CURL *handle = NULL;
    pthread_mutex_lock(&idle_lock);
    if (idle_count > 0) handle = idle_handles[--idle_count];
    pthread_mutex_unlock(&idle_lock);
    if (handle == NULL) return curl.easy_init();
    curl.easy_reset(handle);  // options back to their defaults; connections kept
    return handle;
}

static void give_back(CURL *handle) {
    pthread_mutex_lock(&idle_lock);
    if (idle_count < idle_capacity) {
        idle_handles[idle_count++] = handle;
        handle = NULL;
    }
    pthread_mutex_unlock(&idle_lock);
    if (handle != NULL) curl.easy_cleanup(handle);
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    codable_http_transfer *transfer = context;
    if (atomic_load(&transfer->cancelled)) return 0;
    return buffer_append(&transfer->body, data, size * count) ? size * count : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    codable_http_transfer *transfer = context;
    // A new status line (after a 100 Continue, or a proxy's answer to CONNECT) starts anew.
    if (size * count >= 5 && memcmp(data, "HTTP/", 5) == 0) transfer->head.length = 0;
    return buffer_append(&transfer->head, data, size * count) ? size * count : 0;
}

// Called at least once a second during a transfer: stops it when cancelled, or when no data
// came for the timeout (libcurl's own low-speed limit counts whole seconds only).
static int on_progress(void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
                       curl_off_t uploaded) {
    (void)download_total, (void)upload_total;
    codable_http_transfer *transfer = context;
    if (atomic_load(&transfer->cancelled)) return 1;
    double time = now();
    curl_off_t count = downloaded + uploaded;
    if (count != transfer->last_count) {
        transfer->last_count = count;
        transfer->last_data = time;
    } else if (time - transfer->last_data >= transfer->timeout) {
        transfer->timed_out = 1;
        return 1;
    }
    return 0;
}

const char *codable_http_libcurl_failure(void) {
    pthread_once(&curl_once, load_curl);
    return curl.failure[0] != '\0' ? curl.failure : NULL;
}

codable_http_transfer *codable_http_transfer_create(void) {
    codable_http_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer != NULL) atomic_init(&transfer->cancelled, 0);
    return transfer;
}

void codable_http_transfer_free(codable_http_transfer *transfer) {
    if (transfer == NULL) return;
    if (transfer->headers != NULL) curl.slist_free_all(transfer->headers);
    free(transfer->body.bytes);
    free(transfer->head.bytes);
    free(transfer);
}

int codable_http_transfer_add_header(codable_http_transfer *transfer, const char *line) {
    pthread_once(&curl_once, load_curl);
    if (curl.failure[0] != '\0') return 0;
    struct curl_slist *list = curl.slist_append(transfer->headers, line);
    if (list == NULL) return 0;
    transfer->headers = list;
    return 1;
}

void codable_http_transfer_cancel(codable_http_transfer *transfer) { atomic_store(&transfer->cancelled, 1); }

int codable_http_transfer_perform(codable_http_transfer *transfer, const char *url, double timeout_seconds) {
    pthread_once(&curl_once, load_curl);
    if (curl.failure[0] != '\0') {
        snprintf(transfer->error, sizeof transfer->error, "%s", curl.failure);
        return CODABLE_HTTP_NO_LIBCURL;
    }
    CURL *handle = take_handle();
    if (handle == NULL) {
        snprintf(transfer->error, sizeof transfer->error, "libcurl could not start a transfer");
        return CURLE_FAILED_INIT;
    }
    char message[CURL_ERROR_SIZE] = "";
    transfer->timeout = timeout_seconds;
    transfer->last_data = now();
    long connect_milliseconds = timeout_seconds * 1000 < 1 ? 1 : (long)(timeout_seconds * 1000);
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, message);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);  // the caller decides about redirects
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);        // other threads run: no SIGALRM for DNS
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");  // every encoding this libcurl decodes
    curl.easy_setopt(handle, CURLOPT_USERAGENT, "codable");
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_milliseconds);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, transfer->headers);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, (curl_data_callback)on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, transfer);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, (curl_data_callback)on_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, transfer);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, (curl_xferinfo_callback)on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, transfer);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    int code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &transfer->status);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);  // `message` ends with this call
    if (code == CURLE_OK) {
        give_back(handle);
    } else {
        curl.easy_cleanup(handle);  // its connection is in doubt
    }
    if (atomic_load(&transfer->cancelled)) {
        code = CURLE_ABORTED_BY_CALLBACK;
        snprintf(transfer->error, sizeof transfer->error, "cancelled");
    } else if (transfer->timed_out || code == CURLE_OPERATION_TIMEDOUT) {
        code = CURLE_OPERATION_TIMEDOUT;
        snprintf(transfer->error, sizeof transfer->error, "timed out");
    } else if (transfer->body.out_of_memory || transfer->head.out_of_memory) {
        snprintf(transfer->error, sizeof transfer->error, "out of memory for the answer");
    } else if (code != CURLE_OK) {
        snprintf(transfer->error, sizeof transfer->error, "%s", message[0] != '\0' ? message : curl.easy_strerror(code));
    }
    return code;
}

long codable_http_transfer_status(const codable_http_transfer *transfer) { return transfer->status; }

const char *codable_http_transfer_body(const codable_http_transfer *transfer, size_t *length) {
    *length = transfer->body.length;
    return transfer->body.bytes;
}

const char *codable_http_transfer_head(const codable_http_transfer *transfer, size_t *length) {
    *length = transfer->head.length;
    return transfer->head.bytes;
}

const char *codable_http_transfer_error(const codable_http_transfer *transfer) { return transfer->error; }
