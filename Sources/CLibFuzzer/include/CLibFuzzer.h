#ifndef CODABLE_CLIBFUZZER_H
#define CODABLE_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime that -sanitize=fuzzer links): runs the fuzzing loop with
/// the command-line flags in argv, calling `callback` for every input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
