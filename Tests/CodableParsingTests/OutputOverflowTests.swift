import Foundation
import Testing

@testable import CodableParsing

/// `OutputOverflow`: a record's bytes past its limit wait in a file with no name, yet the buffer
/// reads as one run of bytes (positions, truncation, `forEachPiece`, `takeOverflowBack`); a
/// hold keeps bytes in memory; where no file can be made, they stay in memory.
@Suite struct OutputOverflowTests {
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("overflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func pieces(of buffer: OutputBuffer) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try buffer.forEachPiece { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A buffer of 64 bytes whose records' bytes past `recordBytesKept` move to a file in `directory`.
    private func overflowingBuffer(in directory: String, recordBytesKept: Int) -> (OutputOverflow, OutputBuffer) {
        let overflow = OutputOverflow(directory: directory, recordBytesKept: recordBytesKept)
        let buffer = OutputBuffer(capacity: 64)
        buffer.overflow(into: overflow)
        return (overflow, buffer)
    }

    /// Appends `count` bytes one at a time (each may make the buffer grow, and overflow).
    private func append(_ count: Int, startingAt first: Int, to buffer: OutputBuffer, expected: inout [UInt8]) {
        for offset in 0..<count {
            let byte = UInt8(truncatingIfNeeded: (first + offset) % 251)
            buffer.append(byte)
            expected.append(byte)
        }
    }

    @Test(arguments: [1, 100, 5_000])
    func readsAsOneRunOfBytesWhateverMovedToTheFile(recordBytesKept: Int) throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let overflow = OutputOverflow(directory: directory.path, recordBytesKept: recordBytesKept)
        let buffer = OutputBuffer(capacity: 64)
        buffer.overflow(into: overflow)
        var expected: [UInt8] = []
        for record in 0..<6 {
            buffer.markRecordStart()
            append(20_000, startingAt: record, to: buffer, expected: &expected)
            #expect(buffer.count == expected.count)
        }
        #expect(overflow.byteCount > 0, "no byte moved to the file")
        #expect(try pieces(of: buffer) == expected)
        // A record that failed is taken back, into the bytes in the file too.
        for cut in [expected.count - 10, 70_000, 25_000, 3, 0] {
            buffer.truncate(toCount: cut)
            expected.removeSubrange(cut...)
            #expect(buffer.count == cut)
            #expect(try pieces(of: buffer) == expected, "cut at \(cut)")
            buffer.markRecordStart()
            append(9_000, startingAt: cut, to: buffer, expected: &expected)
            #expect(try pieces(of: buffer) == expected, "appended after a cut at \(cut)")
        }
        // Read back whole, in memory, and handed on.
        try buffer.takeOverflowBack()
        #expect(overflow.byteCount == 0)
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
        #expect(buffer.takeBytes(keepingCapacity: 64).withUnsafeBufferPointer { Array($0) } == expected)
        // It goes on with its overflow, and empties it when emptied.
        buffer.markRecordStart()
        expected = []
        append(30_000, startingAt: 7, to: buffer, expected: &expected)
        #expect(try pieces(of: buffer) == expected)
        buffer.removeAll()
        #expect(buffer.count == 0 && overflow.byteCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "the file has a name")
    }

    @Test func onlyTheRecordsOwnBytesCountTowardsItsLimit() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (overflow, buffer) = overflowingBuffer(in: directory.path, recordBytesKept: 10_000)
        var expected: [UInt8] = []
        for record in 0..<100 {  // 100 small records, 90 000 bytes, none over the limit
            buffer.markRecordStart()
            append(900, startingAt: record, to: buffer, expected: &expected)
        }
        #expect(overflow.byteCount == 0)
        buffer.markRecordStart()
        append(200_000, startingAt: 1, to: buffer, expected: &expected)
        #expect(overflow.byteCount > 0)
        #expect(try pieces(of: buffer) == expected)
    }

    @Test func aHoldKeepsWhatIsWrittenInMemory() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (overflow, buffer) = overflowingBuffer(in: directory.path, recordBytesKept: 1)
        var expected: [UInt8] = []
        buffer.markRecordStart()
        append(1_000, startingAt: 0, to: buffer, expected: &expected)
        let moved = overflow.byteCount
        #expect(moved > 0)
        var cursor = buffer.beginAppending()
        cursor.hold()
        let start = cursor.position
        for offset in 0..<50_000 { cursor.append(UInt8(truncatingIfNeeded: offset)) }
        // Read back where it was written, as a Set's elements are.
        let first = cursor.writtenIndex(of: start)
        let held = cursor.withWrittenBytes { Array($0[first..<(first + 50_000)]) }
        cursor.endHold()
        buffer.endAppending(cursor)
        expected += (0..<50_000).map { UInt8(truncatingIfNeeded: $0) }
        #expect(held == Array(expected.suffix(50_000)))
        #expect(overflow.byteCount == moved, "bytes moved during the hold")
        #expect(try pieces(of: buffer) == expected)
    }

    @Test func staysInMemoryWhereNoFileCanBeMade() throws {
        let (overflow, buffer) = overflowingBuffer(in: "/nonexistent/codable-overflow", recordBytesKept: 1)
        var expected: [UInt8] = []
        buffer.markRecordStart()
        append(100_000, startingAt: 0, to: buffer, expected: &expected)
        #expect(overflow.byteCount == 0)
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
        buffer.truncate(toCount: 10)
        #expect(try pieces(of: buffer) == Array(expected.prefix(10)))
    }
}
