import CodableParsing
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--sort-by`'s sorted runs as temporary files in `$TMPDIR` (default /tmp), registered with
/// `TemporaryFiles` so that SIGINT and SIGTERM remove them too; each is removed when merged.
public final class TemporarySpill: SpillStorage {
    private var made = 0

    /// A spill that makes no file until a run is written.
    public init() {}

    public func makeRun() throws -> any SpillRun {
        let file = try TemporaryFiles.shared.createNew(.readWrite, permissions: .ownerReadWrite) { _ in
            made += 1
            return TemporaryFiles.directory.appending("codable-sort-\(getpid())-\(made).jsonl")
        }
        return Run(descriptor: file.descriptor, path: file.path)
    }

    private final class Run: SpillRun {
        let descriptor: FileDescriptor
        let path: String
        private var removed = false

        init(descriptor: FileDescriptor, path: String) {
            self.descriptor = descriptor
            self.path = path
        }

        deinit { remove() }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            _ = try descriptor.writeAll(bytes)
        }

        func reader() throws -> any ByteSource {
            try descriptor.seek(offset: 0, from: .start)
            return FileByteSource(descriptor: descriptor, closeWhenDone: false)
        }

        func remove() {
            guard !removed else { return }
            removed = true
            try? descriptor.close()
            unlink(path)
            TemporaryFiles.shared.unregister(path)
        }
    }
}
