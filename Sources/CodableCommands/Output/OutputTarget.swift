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

/// Where output bytes go: standard output, or a file written atomically (a temporary file in
/// the same directory, renamed over the target only when everything was written).
final class OutputTarget {
    private let descriptor: FileDescriptor
    /// The target path, when writing a file.
    private let path: String?
    private var temporaryPath: String?
    /// A device or FIFO written in place and not closed yet: `commit()` closes it.
    private var writesInPlace = false
    /// The last byte written was a line feed (or nothing was written).
    private var atLineStart = true

    /// Writes to standard output.
    static func standardOutput() -> OutputTarget {
        OutputTarget(descriptor: .standardOutput, path: nil, temporaryPath: nil)
    }

    /// Writes to a temporary file beside `path`, which `commit()` renames to `path`. What is at
    /// `path` decides the details (`OutputDestination`): a symbolic link is followed, a file's
    /// replacement keeps its permissions and owner, and a device or FIFO is written in place.
    static func atomicFile(_ path: String) throws(CommandFailure) -> OutputTarget {
        let resolved: String
        var kept: (permissions: mode_t, owner: uid_t, group: gid_t)?
        switch try OutputDestination(resolving: path) {
        case .directory:
            throw .unwritableOutput(output: path, reason: describe(Errno.isDirectory))
        case .special(let device):
            do {
                let target = OutputTarget(
                    descriptor: try FileDescriptor.open(device, .writeOnly), path: path, temporaryPath: nil)
                target.writesInPlace = true
                return target
            } catch {
                throw .unwritableOutput(output: path, reason: describe(error))
            }
        case .newFile(let file):
            resolved = file
        case .existingFile(let file, let permissions, let owner, let group):
            resolved = file
            kept = (permissions, owner, group)
        }
        let target = FilePath(resolved)
        let directory = target.removingLastComponent()
        let name = target.lastComponent?.string ?? "output"
        do {
            let temporary = try TemporaryFiles.shared.createNew(
                .writeOnly, permissions: [.ownerReadWrite, .groupRead, .otherRead]
            ) { attempt in
                directory.appending(".\(name).codable-\(getpid())-\(attempt).tmp")
            }
            let output = OutputTarget(descriptor: temporary.descriptor, path: resolved, temporaryPath: temporary.path)
            if let kept {
                // The owner first: changing it may clear the permission bits' set-ID flags.
                // Only the superuser may give a file away, so a failure there is no error.
                _ = fchown(temporary.descriptor.rawValue, kept.owner, kept.group)
                guard fchmod(temporary.descriptor.rawValue, kept.permissions) == 0 else {
                    throw Errno(rawValue: errno)
                }
            }
            return output
        } catch Errno.fileExists {
            throw .unwritableOutput(output: path, reason: "could not create a temporary file beside it")
        } catch {
            throw .unwritableOutput(output: path, reason: describe(error))
        }
    }

    private init(descriptor: FileDescriptor, path: String?, temporaryPath: String?) {
        self.descriptor = descriptor
        self.path = path
        self.temporaryPath = temporaryPath
    }

    deinit { discard() }

    /// Writes and empties `buffer`: a closed pipe on standard output is `.readerWentAway`, any
    /// other failure `.failed`. A failure met while `buffer` spilled here (`spillsWhenFull(_:)`)
    /// is thrown first.
    func write(_ buffer: OutputBuffer) throws(OutputWriteError) {
        defer { buffer.removeAll() }
        if let spillFailure { throw spillFailure }
        var failure: OutputWriteError?
        do {
            try buffer.forEachPiece { bytes in
                guard failure == nil else { return }
                do throws(OutputWriteError) { try write(bytes) } catch { failure = error }
            }
        } catch {
            failure = .failed(.unreadableRecordOverflow(error))
        }
        if let failure { throw failure }
    }

    /// Lets `buffer` write here whenever it fills up, in the middle of a record too, so that a
    /// huge record (or a long sort's output, or a page of `--split`) is never held whole in
    /// memory on its way out. For every writer of records (JSON, YAML, CSV, the `--envelope`
    /// page), none of which takes back what it wrote; not for `decode`'s, which drops a failed
    /// record's bytes. An error meanwhile is kept,
    /// later bytes are dropped, and the next `write(_:)` throws it.
    func spillsWhenFull(_ buffer: OutputBuffer) {
        buffer.spillWhenFull(
            to: OutputSpill { [self] bytes in
                guard spillFailure == nil else { return }
                do throws(OutputWriteError) { try write(bytes) } catch { spillFailure = error }
            })
    }

    private var spillFailure: OutputWriteError?

    private func write(_ bytes: UnsafeRawBufferPointer) throws(OutputWriteError) {
        do {
            if let last = bytes.last { atLineStart = last == 0x0A }
            _ = try descriptor.writeAll(bytes)
        } catch Errno.brokenPipe where path == nil {
            throw .readerWentAway
        } catch {
            throw .failed(.unwritableOutput(output: path ?? "<stdout>", reason: describe(error)))
        }
    }

    /// Ends a partly written line on standard output, so that a diagnostic after it starts on
    /// a line of its own when both go to one terminal.
    func endPartialLine() {
        guard path == nil, !atLineStart else { return }
        atLineStart = true
        _ = try? descriptor.writeAll([UInt8(0x0A)])
    }

    /// Makes a file output visible under its name (flushed to disk first), or closes a device
    /// or FIFO written in place (its reader sees the end now). No-op for stdout.
    func commit() throws(CommandFailure) {
        guard let path else { return }
        if writesInPlace {
            writesInPlace = false
            guard close(descriptor.rawValue) == 0 else {
                throw .unwritableOutput(output: path, reason: describe(Errno(rawValue: errno)))
            }
            return
        }
        guard let temporaryPath else { return }
        self.temporaryPath = nil
        let synced = fsync(descriptor.rawValue) == 0 ? nil : Errno(rawValue: errno)
        let closed = close(descriptor.rawValue) == 0 ? nil : Errno(rawValue: errno)
        if let error = synced ?? closed ?? (rename(temporaryPath, path) == 0 ? nil : Errno(rawValue: errno)) {
            unlink(temporaryPath)
            TemporaryFiles.shared.unregister(temporaryPath)
            throw .unwritableOutput(output: path, reason: describe(error))
        }
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Removes the temporary file of an output that failed; the target stays untouched.
    func discard() {
        guard let temporaryPath else { return }
        self.temporaryPath = nil
        try? descriptor.close()
        unlink(temporaryPath)
        TemporaryFiles.shared.unregister(temporaryPath)
    }
}

/// Why writing output stopped.
enum OutputWriteError: Error {
    /// Standard output's reader closed the pipe: stop quietly, with success.
    case readerWentAway
    /// A real write error.
    case failed(CommandFailure)
}
