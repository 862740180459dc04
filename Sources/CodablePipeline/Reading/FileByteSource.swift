import CodableParsing
import SystemPackage

/// Reads a file descriptor in whatever pieces `read(2)` gives.
public final class FileByteSource: ByteSource {
    /// The descriptor read from (its read position is this source's).
    public let descriptor: FileDescriptor
    private let closeWhenDone: Bool

    /// Reads `descriptor`; `closeWhenDone`: it is closed when this source goes away.
    public init(descriptor: FileDescriptor, closeWhenDone: Bool) {
        self.descriptor = descriptor
        self.closeWhenDone = closeWhenDone
    }

    deinit {
        if closeWhenDone { try? descriptor.close() }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try descriptor.read(into: buffer)
    }
}
