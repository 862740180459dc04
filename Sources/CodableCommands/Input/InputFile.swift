import CodableParsing
import CodablePipeline
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input named on the command line: a path, or standard input (`-`, or no file at all).
struct InputFile: Sendable, Equatable {
    /// The path as given, or nil for standard input.
    let path: String?

    /// How diagnostics name it.
    var displayName: String { path ?? "<stdin>" }

    /// The framing its file name implies, if any.
    var framingFromExtension: InputFraming? {
        guard let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json", "geojson": return .json
        case "jsonl", "ndjson", "jsonlines": return .jsonl
        case "json-seq", "jsonseq": return .jsonSeq
        default: return nil
        }
    }

    /// Its file name ends in `.yaml` or `.yml`.
    var hasYAMLExtension: Bool {
        guard let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        let suffix = path[path.index(after: dot)...].lowercased()
        return suffix == "yaml" || suffix == "yml"
    }

    /// The tabular dialect its file name implies (`.csv`, `.tsv`, `.tab`), if any.
    var csvDialectFromExtension: CSVDialect? {
        guard let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        default: return nil
        }
    }

    /// Opens the input for reading.
    func open() throws(CommandFailure) -> FileByteSource {
        guard let path else { return FileByteSource(descriptor: .standardInput, closeWhenDone: false) }
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
            return FileByteSource(descriptor: descriptor, closeWhenDone: true)
        } catch {
            throw .unreadableInput(input: path, reason: describe(error))
        }
    }
}

extension FileDescriptor {
    /// The read position of a regular file (where a scan of what is still to be read starts)
    /// and its size; nil for a pipe, a terminal or anything else that cannot be read twice.
    var regularFilePosition: (position: Int64, size: Int64)? {
        guard let size = sizeOfRegularFile(rawValue), let position = try? seek(offset: 0, from: .current) else {
            return nil
        }
        return (position, size)
    }

    /// Hands `body` a regular file's bytes from `start` to the end, in pieces, without moving
    /// the read position (`pread`: the file may be read meanwhile), until `body` returns false;
    /// false when they cannot be read so.
    func scanAhead(from start: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var offset = start
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            guard let count = try? read(fromAbsoluteOffset: offset, into: buffer) else { return false }
            guard count > 0,
                body(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
            else { return true }
            offset += Int64(count)
        }
    }
}

/// The size of an open descriptor's file, if it is a regular file (C's `stat`, which
/// `FileDescriptor` hides); nil for anything else.
private func sizeOfRegularFile(_ descriptor: CInt) -> Int64? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int64(status.st_size)
}

/// A system error as a person reads it: "No such file or directory".
func describe(_ error: any Error) -> String {
    if let errno = error as? Errno { return errno.description }
    return String(describing: error)
}
