import Testing
@testable import CodableParsing

/// The buffers that grow with `realloc` keep what they hold, and hand it on without a copy.
@Suite struct BufferTests {
    @Test func outputBufferKeepsItsBytesAcrossGrowthAndHandsThemOn() {
        let buffer = OutputBuffer(capacity: 64)
        var expected: [UInt8] = []
        for round in 0..<5_000 {
            let byte = UInt8(truncatingIfNeeded: round)
            buffer.append(repeating: byte, count: round % 37)
            expected += [UInt8](repeating: byte, count: round % 37)
        }
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)

        let storage = buffer.takeBytes(keepingCapacity: 128)
        #expect(storage.withUnsafeBufferPointer { Array($0) } == expected)
        // The buffer goes on, empty, over memory of its own.
        #expect(buffer.count == 0)
        buffer.append("after")
        #expect(buffer.text == "after")
        #expect(storage.withUnsafeBufferPointer { Array($0) } == expected)
    }

    @Test func byteStorageKeepsItsBytesAcrossGrowth() {
        let storage = ByteStorage(capacity: 16)
        let chunk = [UInt8](0...200)
        for _ in 0..<1_000 { chunk.withUnsafeBufferPointer { storage.append($0) } }
        #expect(storage.count == 201_000)
        #expect(storage.bytes(in: 200_799..<201_000) == chunk)
        #expect(storage[402] == 0)
    }

    @Test func nodeBufferKeepsItsNodesAcrossGrowth() {
        let nodes = NodeBuffer(capacity: 16)
        for index in 0..<100_000 { nodes.append(JSONNode(kind: .number, start: index, length: index % 9)) }
        let bytes: [UInt8] = [0]  // short tokens' lengths are in their nodes: no byte is read
        nodes.withNodes { stored in
            #expect(stored.count == 100_000)
            bytes.withUnsafeBufferPointer { bytes in
                #expect(stored.indices.allSatisfy { Int(stored[$0].start) == $0 && stored[$0].tokenLength(in: bytes.baseAddress!) == $0 % 9 })
            }
        }
    }
}

/// The span table finds equal byte strings however far its buffer moved, and only equal ones.
@Suite struct ByteSpanTableTests {
    @Test func equalSpansAreFoundAndOthersAreNot() {
        var table = ByteSpanTable()
        var text = OutputCursor(capacity: 8)  // grows (and moves) as names are added
        defer { text.release() }
        var spans: [(start: Int, count: Int)] = []
        for index in 0..<50_000 {
            let start = text.position
            for byte in "column\(index)".utf8 { text.append(byte) }
            spans.append((start, text.position - start))
            #expect(table.existingValue(forSpan: start, count: text.position - start, in: text.pointer, orInsert: index) == nil)
        }
        #expect(table.count == 50_000)
        // Every name again: found, with the value it was stored with; the table does not grow.
        for probe in [0, 1, 9_999, 49_999] {
            let start = text.position
            for byte in "column\(probe)".utf8 { text.append(byte) }
            #expect(table.existingValue(forSpan: start, count: text.position - start, in: text.pointer, orInsert: -1) == probe)
        }
        // A prefix is a name of its own: "column1" of "column12" is found, "column" is new; so is
        // the empty span, once.
        #expect(table.existingValue(forSpan: spans[12].start, count: spans[12].count - 1, in: text.pointer, orInsert: -1) == 1)
        #expect(table.existingValue(forSpan: spans[0].start, count: 6, in: text.pointer, orInsert: -2) == nil)
        #expect(table.existingValue(forSpan: 0, count: 0, in: text.pointer, orInsert: -3) == nil)
        #expect(table.existingValue(forSpan: 0, count: 0, in: text.pointer, orInsert: -4) == -3)
        #expect(table.count == 50_002)
    }
}
