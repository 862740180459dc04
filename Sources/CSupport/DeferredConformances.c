// swift-syntax's protocol conformance records, made known to the Swift runtime only when a Swift
// model file is first read: see CSupport.h. Checked on the release binary by
// Scripts/release-checks.sh (the section holds them, and `decode --model` reads Swift models).

#include "CSupport.h"

#include <pthread.h>

#if defined(__ELF__)
// Where the linker put the section Scripts/deferred-conformances.ld makes; both null when it is
// not there (a debug build, another linker), and then there is nothing to register.
extern const char __start_codable_deferred_conformances[] __attribute__((weak, visibility("hidden")));
extern const char __stop_codable_deferred_conformances[] __attribute__((weak, visibility("hidden")));

// The Swift runtime's: adds a block of conformance records to those every protocol lookup may
// find, and drops the lookups it has cached (a failure cached before may now succeed).
extern void swift_registerProtocolConformances(const void *begin, const void *end);

static pthread_once_t registered = PTHREAD_ONCE_INIT;

static void register_deferred_conformances(void) {
    if (codable_deferred_conformance_count() > 0) {
        swift_registerProtocolConformances(
            __start_codable_deferred_conformances, __stop_codable_deferred_conformances);
    }
}
#endif

size_t codable_deferred_conformance_count(void) {
#if defined(__ELF__)
    if (!__start_codable_deferred_conformances || !__stop_codable_deferred_conformances) return 0;
    // Each record is a 32-bit offset to a conformance descriptor.
    return (size_t)(__stop_codable_deferred_conformances - __start_codable_deferred_conformances) / 4;
#else
    return 0;
#endif
}

void codable_register_deferred_conformances(void) {
#if defined(__ELF__)
    pthread_once(&registered, register_deferred_conformances);
#endif
}
