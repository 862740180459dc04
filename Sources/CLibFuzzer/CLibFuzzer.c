// libFuzzer is linked by -sanitize=fuzzer; this target only declares its driver.
