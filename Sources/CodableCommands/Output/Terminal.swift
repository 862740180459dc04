#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the process's terminal and environment, asked in one place.
enum Terminal {
    /// Standard input is a terminal (so waiting on it would hang a script).
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    /// Standard output is a terminal (pretty output by default).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Standard error is a terminal (progress line by default).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    /// Colour on standard error: a terminal, `NO_COLOR` unset, `TERM` not `dumb`.
    static var stderrWantsColor: Bool {
        guard isatty(STDERR_FILENO) == 1 else { return false }
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
        return environment("TERM") != "dumb"
    }

    /// Colour on standard output (the text report): a terminal, `NO_COLOR` unset, `TERM` not `dumb`.
    static var stdoutWantsColor: Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
        return environment("TERM") != "dumb"
    }

    /// An environment variable's value.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes are answered with EPIPE instead of killing the process, so a closed reader
    /// (`| head -1`) can be noticed and handled as a quiet stop. A file-size limit
    /// (`ulimit -f`) likewise fails the write with EFBIG (an I/O error, status 3, temporary
    /// files removed) instead of killing the process with SIGXFSZ.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Writes text to standard error, unbuffered.
    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
