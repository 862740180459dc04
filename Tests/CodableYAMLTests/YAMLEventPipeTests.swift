import CodableParsing
import CodableYAML
import Foundation
import Testing

/// libyaml parses on its own thread, a batch of events ahead of the reader, or (for small files)
/// on the reader's thread: these tests cross many batches and check that order, error places
/// and early stops are the same either way.
@Suite struct YAMLEventPipeTests {
    /// 3000 small documents (about 30,000 events, several event batches), then `last`.
    private func documents(then last: [UInt8]) -> [UInt8] {
        var text = ""
        for index in 0..<3000 { text += "---\na: \(index)\nb: [x, \"y\"]\n" }
        return Array(text.utf8) + last
    }

    /// Reads all records before the error, and the error's reason, line and column.
    private func readUntilError(_ bytes: [UInt8], pieceSize: Int, inBackground: Bool) -> (
        records: [String], error: (String, Int, Int)?
    ) {
        let options = YAMLReaderOptions(batchBytes: 4096, parsesInBackground: inBackground)
        let reader = YAMLRecordReader(source: InMemoryByteSource(bytes, pieceSize: pieceSize), options: options)
        var records: [String] = []
        do {
            try appendRecords(of: reader, to: &records)
            return (records, nil)
        } catch {
            guard case .malformed(let reason, let location, _) = error else { return (records, ("\(error)", 0, 0)) }
            return (records, (reason.description, location.line, location.column))
        }
    }

    @Test(arguments: [5, Int.max], [true, false])
    func errorsFarIntoTheStreamKeepTheirPlace(pieceSize: Int, inBackground: Bool) throws {
        let (records, error) = readUntilError(
            documents(then: Array("---\na: 1\n- b\n".utf8)), pieceSize: pieceSize, inBackground: inBackground)
        #expect(records.count == 3000)
        #expect(records.enumerated().allSatisfy { $0.element == #"{"a":\#($0.offset),"b":["x","y"]}"# })
        #expect(error?.0 == "while parsing a block mapping: did not find expected key")
        #expect(error?.1 == 9003 && error?.2 == 1)
    }

    @Test(arguments: [5, Int.max], [true, false])
    func badBytesFarIntoTheStreamAreLocated(pieceSize: Int, inBackground: Bool) throws {
        let (records, error) = readUntilError(
            documents(then: Array("---\na: 1\nb: x".utf8) + [0xFF, 0x0A]), pieceSize: pieceSize,
            inBackground: inBackground)
        // libyaml's reader finds bad bytes ahead of the parser: the documents before are kept
        // in order, up to where it looked ahead.
        #expect(!records.isEmpty)
        #expect(records.enumerated().allSatisfy { $0.element == #"{"a":\#($0.offset),"b":["x","y"]}"# })
        #expect(error?.0 == "invalid leading UTF-8 octet")
        #expect(error?.1 == 9003 && error?.2 == 5)
    }

    /// Input that makes no event for more than a batch's worth (2 MiB of comments) is handed
    /// on in batches of its own; parsing on the reader's thread, they wait there, in order.
    @Test(arguments: [true, false])
    func longRunsWithoutEventsKeepOrderAndPlaces(inBackground: Bool) throws {
        let comments = String(repeating: "# a comment line that makes no event at all\n", count: 50_000)
        let text = "a: 1\n---\n" + comments + "b: 2\n---\n" + comments + "c: [3\n"
        let (records, error) = readUntilError(Array(text.utf8), pieceSize: Int.max, inBackground: inBackground)
        #expect(records == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(error?.0 == "while parsing a flow sequence: did not find expected ',' or ']'")
        #expect(error?.1 == 100_006)
    }

    /// A reader dropped after its first batch stops its parsing thread, which frees libyaml
    /// and the source (here a large input that is never read to its end); parsing on the
    /// reader's thread, they are freed with the reader.
    @Test(arguments: [true, false])
    func droppedReaderStopsItsParser(inBackground: Bool) throws {
        let released = Flag()
        do {
            let source = TrackedSource(bytes: documents(then: []), released: released)
            let reader = YAMLRecordReader(
                source: source, options: YAMLReaderOptions(batchBytes: 256, parsesInBackground: inBackground))
            #expect(try reader.nextBatch() != nil)
        }
        let deadline = Date().addingTimeInterval(30)
        while !released.isSet && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released.isSet)
    }
}

/// Set once, read from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Sets its flag when the last copy of the source is gone.
private final class ReleaseToken {
    let flag: Flag
    init(_ flag: Flag) { self.flag = flag }
    deinit { flag.set() }
}

/// In-memory bytes handed out 64 at a time, with a token that reports the source's release.
private struct TrackedSource: ByteSource {
    var inner: InMemoryByteSource
    let token: ReleaseToken

    init(bytes: [UInt8], released: Flag) {
        inner = InMemoryByteSource(bytes, pieceSize: 64)
        token = ReleaseToken(released)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try inner.read(into: buffer)
    }
}
