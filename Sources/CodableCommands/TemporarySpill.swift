import CodableParsing
import CodablePipeline
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
final class TemporarySpill: SpillStorage {
    private var made = 0

    /// Where temporary files go: `$TMPDIR`, else /tmp.
    static var directory: String {
        Terminal.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    func makeRun() throws -> any SpillRun {
        let directory = Self.directory
        while true {
            made += 1
            let path = FilePath(directory).appending("codable-sort-\(getpid())-\(made).jsonl")
            do {
                // Registered before it exists: a signal at any moment finds it.
                let descriptor = try TemporaryFiles.shared.creating(path.string) {
                    try FileDescriptor.open(path, .readWrite, options: [.create, .exclusiveCreate], permissions: .ownerReadWrite)
                }
                return Run(descriptor: descriptor, path: path.string)
            } catch Errno.fileExists {
                TemporaryFiles.shared.unregister(path.string)
                continue
            } catch {
                TemporaryFiles.shared.unregister(path.string)
                throw error
            }
        }
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
