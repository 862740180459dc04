/// The exit statuses `codable` documents (PRODUCT.md, `--help`, the man page).
public enum ExitStatus: Int32, Sendable {
    /// Everything was read, checked and written.
    case success = 0
    /// Invalid data: a record failed to parse, validate or decode.
    case invalidData = 1
    /// A usage error, or a schema or model that is itself invalid.
    case usage = 2
    /// An I/O error: unreadable input or unwritable output.
    case io = 3
}

/// The text `--help` and the man page give for the exit statuses.
let exitStatusHelp = """
    EXIT STATUS:
      0  success
      1  invalid data (a record failed to parse, validate or decode)
      2  usage error, or an invalid schema or model
      3  I/O error (unreadable input, unwritable output)
    """
