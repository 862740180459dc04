import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary output files that must not outlive the process, even when it is interrupted:
/// SIGINT and SIGTERM remove them, then end the process with 128 + the signal number.
///
/// The handler is a plain `sigaction` handler that only calls `unlink` and `_exit` (both
/// async-signal-safe) on paths kept as C strings in a fixed table, so it works whichever
/// thread the signal lands on. (A libdispatch signal source does not: on Linux it sees only
/// signals that every thread blocks, and the concurrency runtime's threads do not.)
public final class TemporaryFiles: Sendable {
    /// The process's one table of temporary files.
    public static let shared = TemporaryFiles()

    /// How many temporary files can be registered at once.
    static let capacity = 4096

    private let slots = Mutex<[String: Int]>([:])
    private let installed = Mutex(false)

    /// Registers `path` for removal on SIGINT/SIGTERM. Returns false when the table is full (the
    /// file is then still removed by its owner, but not on a signal).
    @discardableResult
    public func register(_ path: String) -> Bool {
        installHandlersOnce()
        return slots.withLock { slots in
            guard slots[path] == nil else { return true }
            let used = Set(slots.values)
            guard let free = (0..<Self.capacity).first(where: { !used.contains($0) }) else { return false }
            slots[path] = free
            // The old string in a reused slot is left allocated: the handler may be reading it.
            signalTable[free] = strdup(path)
            return true
        }
    }

    /// Registers `path`, then runs `create`, which makes the file. A signal that comes
    /// meanwhile, on another thread, waits (up to a second) for `create` to return before it
    /// removes the registered files, so that a file made just as the signal came is removed
    /// too; once a signal has come, no new file is made (this thread waits for the exit).
    public func creating<Result, Failure: Error>(_ path: String, _ create: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        filesBeingCreated.add(1, ordering: .sequentiallyConsistent)
        if signalReceived.load(ordering: .sequentiallyConsistent) {
            filesBeingCreated.subtract(1, ordering: .sequentiallyConsistent)
            while true { pause() }  // the handler removes the files and ends the process
        }
        defer { filesBeingCreated.subtract(1, ordering: .sequentiallyConsistent) }
        register(path)
        return try create()
    }

    /// Where temporary files that have no place of their own go: `$TMPDIR`, else /tmp.
    public static var directory: FilePath {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return FilePath(String(cString: value))
    }

    /// Makes a new file at the first of the paths `path(0)`, `path(1)`, … (100 at most) that
    /// is not taken, open for `access`, registered before it exists (`creating(_:_:)`); its
    /// owner unregisters it once it is renamed or removed. Every name taken is `Errno.fileExists`.
    public func createNew(_ access: FileDescriptor.AccessMode, permissions: FilePermissions, at path: (Int) -> FilePath)
        throws
        -> (descriptor: FileDescriptor, path: String)
    {
        for attempt in 0..<100 {
            let candidate = path(attempt)
            do {
                let descriptor = try creating(candidate.string) {
                    try FileDescriptor.open(
                        candidate, access, options: [.create, .exclusiveCreate], permissions: permissions)
                }
                return (descriptor, candidate.string)
            } catch Errno.fileExists {
                unregister(candidate.string)
            } catch {
                unregister(candidate.string)
                throw error
            }
        }
        throw Errno.fileExists
    }

    /// Forgets `path` (it was renamed into place or removed).
    public func unregister(_ path: String) {
        slots.withLock { slots in
            guard let slot = slots.removeValue(forKey: path) else { return }
            signalTable[slot] = nil
        }
    }

    private func installHandlersOnce() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            for signalNumber in [SIGINT, SIGTERM] {
                var action = sigaction()
                #if canImport(Darwin)
                    action.__sigaction_u.__sa_handler = removeTemporaryFilesAndExit
                #else
                    action.__sigaction_handler.sa_handler = removeTemporaryFilesAndExit
                #endif
                sigemptyset(&action.sa_mask)
                action.sa_flags = 0
                sigaction(signalNumber, &action, nil)
            }
        }
    }
}

/// The registered paths as C strings (nil: a free slot), read by the signal handler.
private nonisolated(unsafe) let signalTable: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: TemporaryFiles.capacity)
    table.initialize(repeating: nil, count: TemporaryFiles.capacity)
    return table
}()

/// Set by the signal handler before it removes the files: no new temporary file is made after.
private let signalReceived = Atomic<Bool>(false)
/// Threads between registering a temporary file and having made it (`TemporaryFiles.creating`).
private let filesBeingCreated = Atomic<Int>(0)

/// SIGINT/SIGTERM: remove every registered temporary file, then exit with 128 + the signal.
/// Files being made as the signal comes are waited for (a millisecond at a time, a second at
/// most: the signal may have landed on the thread making one), so none is left behind.
private func removeTemporaryFilesAndExit(_ signalNumber: Int32) {
    signalReceived.store(true, ordering: .sequentiallyConsistent)
    var pauseTime = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    for _ in 0..<1000 where filesBeingCreated.load(ordering: .sequentiallyConsistent) > 0 {
        nanosleep(&pauseTime, nil)
    }
    for slot in 0..<TemporaryFiles.capacity {
        if let path = signalTable[slot] { unlink(path) }
    }
    _exit(128 + signalNumber)
}
