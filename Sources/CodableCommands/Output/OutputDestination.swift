import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an output path names before it is written, which decides how `OutputTarget` writes it.
///
/// A file is replaced by renaming a new one over it, so what the old one carried besides its
/// bytes has to be carried over on purpose: its permissions (a `0600` file must not come back
/// readable by everyone) and, where the process may, its owner and group. A symbolic link is
/// followed, so that the file it points to is the one replaced and the link stays a link. A
/// device, FIFO or socket (`-o /dev/null`, a named pipe) cannot be replaced and is not meant to
/// be: it is written in place, as a shell's `>` would.
enum OutputDestination {
    /// Nothing is there yet: a new file.
    case newFile(path: String)
    /// A regular file, to be replaced by one with the same permission bits, owner and group.
    case existingFile(path: String, permissions: mode_t, owner: uid_t, group: gid_t)
    /// A device, FIFO or socket, written in place.
    case special(path: String)
    /// A directory: nothing can be written there as a file.
    case directory

    /// The most symbolic links followed in a row (Linux's limit).
    static let maxLinks = 40

    /// What `path` names, symbolic links followed (a dangling link names the file it would
    /// point to). An unreadable path (a missing directory, no permission to look) is a new file:
    /// creating it then fails with the system's reason.
    init(resolving path: String) throws(CommandFailure) {
        var current = FilePath(path)
        for _ in 0...Self.maxLinks {
            var status = stat()
            guard lstat(current.string, &status) == 0 else {
                self = .newFile(path: current.string)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = Self.linkTarget(current) else {
                    throw .unwritableOutput(output: path, reason: "could not read the symbolic link \(current.string)")
                }
                current = target.isAbsolute ? target : current.removingLastComponent().pushing(target)
            case S_IFREG:
                self = .existingFile(
                    path: current.string, permissions: status.st_mode & 0o777, owner: status.st_uid,
                    group: status.st_gid)
                return
            case S_IFDIR:
                self = .directory
                return
            default:
                self = .special(path: current.string)
                return
            }
        }
        throw .unwritableOutput(output: path, reason: "more than \(Self.maxLinks) symbolic links in a row (a loop?)")
    }

    /// Where the link at `link` points, as written in it.
    private static func linkTarget(_ link: FilePath) -> FilePath? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link.string, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return FilePath(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
