#ifndef CODABLE_STANDARD_DESCRIPTORS_H
#define CODABLE_STANDARD_DESCRIPTORS_H

/// Opens each standard descriptor that is closed (`codable … >&-`) on /dev/null the wrong way
/// round (standard input for writing, output and error for reading), so that every read or
/// write of it fails with EBADF, as on a closed descriptor. Otherwise the next descriptor opened
/// takes its number, and codable would read its input from, or write its records into, whatever
/// that is (libdispatch's epoll descriptor, an input file, a `--sort-by` run).
///
/// Runs by itself before `main` (a constructor); calling it again changes nothing.
void codable_occupy_closed_standard_descriptors(void);

#endif
