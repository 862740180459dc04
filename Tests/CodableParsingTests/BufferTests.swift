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
                #expect(
                    stored.indices.allSatisfy {
                        Int(stored[$0].start) == $0 && stored[$0].tokenLength(in: bytes.baseAddress!) == $0 % 9
                    })
            }
        }
    }
}

/// The span table finds equal byte strings however far their buffer moved, and only equal ones.
@Suite struct ByteSpanTableTests {
    @Test func equalSpansAreFoundAndOthersAreNot() {
        var table = ByteSpanTable(capacity: 50_002)
        var text = OutputCursor(capacity: 8)  // grows (and moves) as names are added
        defer { text.release() }
        var spans: [(start: Int, count: Int)] = []
        func lookUp(_ start: Int, _ count: Int) -> Int? {
            let pointer = UnsafePointer(text.pointer)
            return table.existingNumber(of: UnsafeBufferPointer(start: pointer + start, count: count)) { number in
                UnsafeBufferPointer(start: pointer + spans[number].start, count: spans[number].count)
            }
        }
        for index in 0..<50_000 {
            let start = text.position
            for byte in "column\(index)".utf8 { text.append(byte) }
            #expect(lookUp(start, text.position - start) == nil)
            spans.append((start, text.position - start))
        }
        #expect(table.count == 50_000)
        // Every name again: found, with its number; the table does not grow.
        for probe in [0, 1, 9_999, 49_999] {
            let start = text.position
            for byte in "column\(probe)".utf8 { text.append(byte) }
            #expect(lookUp(start, text.position - start) == probe)
        }
        #expect(table.count == 50_000)
        // A prefix is a name of its own: "column1" of "column12" is found, "column" is new; so is
        // the empty span, once.
        #expect(lookUp(spans[12].start, spans[12].count - 1) == 1)
        #expect(lookUp(spans[0].start, 6) == nil)
        spans.append((spans[0].start, 6))
        #expect(lookUp(0, 0) == nil)
        spans.append((0, 0))
        #expect(lookUp(0, 0) == 50_001)
        #expect(table.count == 50_002)
    }
}
