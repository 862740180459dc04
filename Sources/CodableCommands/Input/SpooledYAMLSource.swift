import CodableParsing
import CodablePipeline
import CodableYAML
import Foundation
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// YAML from a stream that cannot be read twice (standard input from a pipe), read so that a
/// long top-level sequence is still handed on item by item, as it is from a file.
///
/// Whether a stream holds one document at most is known only at its end. So every byte the
/// parser reads is also scanned (`YAMLDocumentCountScan`) until the first document's root
/// starts (`holdsOneDocumentAtMost(rootIsSequence:)`). A root that is not a sequence ends the
/// scan (the answer no longer matters); for a sequence, the rest of the stream is read ahead
/// into a temporary file in `$TMPDIR`, scanned on the way, up to its end or to a second
/// document. The parser then reads that file, then the rest of the stream: the sequence waits on
/// disk, not in memory. The file is unlinked as soon as it is made, so nothing is left behind
/// whatever ends the process. When no temporary file can be made or written (a full disk), the
/// answer is no and the sequence is held whole; no byte is lost either way.
///
/// The parser reads on its own thread and the question comes from the reading one, so both go
/// through one lock.
final class SpooledYAMLSource: ByteSource, @unchecked Sendable {
    private let lock = NSLock()
    private var stream: FileByteSource
    private var scan = YAMLDocumentCountScan()
    private var answer: Bool?
    private var streamEnded = false
    /// The read-ahead: bytes `spoolOffset..<spoolEnd` of `spool` are still to be read, then
    /// `unspooled` (read ahead when writing them failed), then `deferredError` (reading ahead
    /// failed), then the stream.
    private var spool: FileDescriptor?
    private var spoolOffset: Int64 = 0
    private var spoolEnd: Int64 = 0
    private var unspooled: [UInt8] = []
    private var unspooledOffset = 0
    private var deferredError: (any Error)?

    /// Bytes read ahead at a time.
    static let chunkSize = 1 << 20

    init(stream: FileByteSource) {
        self.stream = stream
    }

    deinit { try? spool?.close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard buffer.count > 0 else { return 0 }
        if let spool, spoolOffset < spoolEnd {
            let wanted = Int(min(Int64(buffer.count), spoolEnd - spoolOffset))
            let count = try spool.read(
                fromAbsoluteOffset: spoolOffset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
            guard count > 0 else { throw Errno.ioError }  // the file we wrote is shorter: never
            spoolOffset += Int64(count)
            if spoolOffset == spoolEnd {  // read back: its disk space goes now, not at exit
                try? spool.close()
                self.spool = nil
            }
            return count
        }
        if unspooledOffset < unspooled.count {
            let count = min(buffer.count, unspooled.count - unspooledOffset)
            unspooled.withUnsafeBytes {
                buffer.copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: $0[unspooledOffset..<(unspooledOffset + count)]))
            }
            unspooledOffset += count
            if unspooledOffset == unspooled.count { unspooled = [] }
            return count
        }
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        guard !streamEnded else { return 0 }
        let count = try stream.read(into: buffer)
        if count == 0 { streamEnded = true }
        if answer == nil, count > 0 {
            scan.scan(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
        return count
    }

    /// Whether the stream holds one document at most, asked when the first document's root
    /// starts: for a sequence the rest of the stream is read ahead to know; for anything else the
    /// answer is no and the scan stops. Later asks get the same answer.
    func holdsOneDocumentAtMost(rootIsSequence: Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let answer { return answer }
        let result = rootIsSequence && readAhead()
        answer = result
        return result
    }

    private func readAhead() -> Bool {
        guard !scan.mayHoldSeveralDocuments else { return false }
        if streamEnded {
            scan.finish()
            return !scan.mayHoldSeveralDocuments
        }
        guard let file = Self.makeUnlinkedFile() else { return false }
        spool = file
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count: Int
            do {
                count = try stream.read(into: chunk)
            } catch {
                deferredError = error
                return false
            }
            guard count > 0 else {
                streamEnded = true
                scan.finish()
                return !scan.mayHoldSeveralDocuments
            }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[..<count])
            scan.scan(bytes.assumingMemoryBound(to: UInt8.self))
            do {
                _ = try file.writeAll(toAbsoluteOffset: spoolEnd, bytes)
            } catch {
                unspooled = Array(bytes)
                return false
            }
            spoolEnd += Int64(count)
            if scan.mayHoldSeveralDocuments { return false }
        }
    }

    /// A new file in the temporary directory, already unlinked (registered for removal on a
    /// signal while it has a name); nil when none can be made.
    private static func makeUnlinkedFile() -> FileDescriptor? {
        let made = try? TemporaryFiles.shared.createNew(.readWrite, permissions: .ownerReadWrite) { attempt in
            TemporaryFiles.directory.appending("codable-yaml-\(getpid())-\(attempt).yaml")
        }
        guard let made else { return nil }
        unlink(made.path)
        TemporaryFiles.shared.unregister(made.path)
        return made.descriptor
    }
}
