/// How records are laid out in a JSON input.
public enum InputFraming: String, Sendable, CaseIterable {
    /// Exactly one JSON text (RFC 8259); a top-level array yields its elements as records.
    case json
    /// JSON Lines: one value per line; blank lines are skipped.
    case jsonl
    /// RFC 7464 JSON text sequences: each value is preceded by RS (0x1E).
    case jsonSeq = "json-seq"
    /// Whitespace-separated JSON values, as jq reads and writes them.
    case jsonStream = "json-stream"

    /// The framing an input's first significant byte implies: RS means json-seq, `[` a single
    /// JSON text whose elements are records, anything else a stream of values (which covers a
    /// single value and JSON Lines too).
    public static func sniff(firstByte: UInt8) -> InputFraming {
        switch firstByte {
        case 0x1E: return .jsonSeq
        case UInt8(ascii: "["): return .json
        default: return .jsonStream
        }
    }
}

/// A supplier of raw input bytes: a file, a pipe, a string in a test.
public protocol ByteSource {
    /// Fills the start of `buffer` and returns how many bytes were read; 0 means end of input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Bytes held in memory, handed out in pieces of at most `pieceSize` (tests use small pieces to
/// put record boundaries at every possible place).
public struct InMemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private let pieceSize: Int

    /// Creates a source over `bytes`.
    public init(_ bytes: [UInt8], pieceSize: Int = .max) {
        self.bytes = bytes
        self.pieceSize = max(1, pieceSize)
    }

    /// Creates a source over the UTF-8 of `text`.
    public init(_ text: String, pieceSize: Int = .max) {
        self.init(Array(text.utf8), pieceSize: pieceSize)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - position, pieceSize)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }
}
