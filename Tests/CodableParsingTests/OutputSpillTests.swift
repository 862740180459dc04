import Foundation
import Testing

@testable import CodableParsing

/// A buffer that spills when full (`OutputBuffer.spillWhenFull(to:)`) hands on exactly the bytes
/// it would have held, in order, whatever the capacity: spills fall inside tokens, inside long
/// strings written straight through, and inside indentation wider than the buffer.
@Suite struct OutputSpillTests {
    /// Records with long strings, escapes and numbers kept as written, 200 ordinary ones, then
    /// deep nesting (indentation wider than the smallest buffers; the CSV writer stops there).
    static let input: [UInt8] = {
        var text =
            #"{"id":1,"text":"\#(String(repeating: "abcdefghij", count: 40))","escaped":"tab\there \"quoted\" \u00e9\n","n":1.50e3}"#
            + "\n"
        for index in 0..<200 {
            text +=
                #"{"id":\#(index),"title":"record \#(index) é","tags":["a","b"],"score":\#(index).5,"owner":{"name":"n\#(index)"}}"#
                + "\n"
        }
        text += String(repeating: "[", count: 40) + #"{"deep":true}"# + String(repeating: "]", count: 40) + "\n"
        text += #"{"a":[1,2,3],"b":{"c":null,"d":[{"e":"f"}]},"g":-0.0}"# + "\n"
        return Array(text.utf8)
    }()

    static func batches() throws -> [RecordBatch] {
        let reader = RecordReader(source: InMemoryByteSource(input), options: RecordReaderOptions(framing: .jsonl))
        var batches: [RecordBatch] = []
        while let batch = try reader.nextBatch() { batches.append(batch) }
        return batches
    }

    /// What `makeWriter` writes for every record, into a buffer of `capacity` bytes that spills
    /// (or, with nil, into one that grows).
    static func written(capacity: Int?, _ makeWriter: (OutputBuffer) -> any RecordFormatter) throws -> [UInt8] {
        let buffer = OutputBuffer(capacity: capacity ?? 1 << 20)
        var spilled: [UInt8] = []
        if capacity != nil { buffer.spillWhenFull(to: OutputSpill { spilled.append(contentsOf: $0) }) }
        let writer = makeWriter(buffer)
        for batch in try batches() {
            writer.write(batch)
            buffer.withUnsafeBytes { spilled.append(contentsOf: $0) }
            buffer.removeAll()
        }
        writer.finish()
        buffer.withUnsafeBytes { spilled.append(contentsOf: $0) }
        return spilled
    }

    static var writers: [(name: String, make: (OutputBuffer) -> any RecordFormatter)] {
        [
            (
                "jsonl",
                { RecordWriter(framing: .jsonl, options: JSONWriterOptions(), singleValueAllowed: false, output: $0) }
            ),
            (
                "json pretty",
                {
                    RecordWriter(
                        framing: .json, options: JSONWriterOptions(pretty: true, indent: 4), singleValueAllowed: false,
                        output: $0)
                }
            ),
            (
                "json-seq sorted",
                {
                    RecordWriter(
                        framing: .jsonSeq, options: JSONWriterOptions(sortKeys: true), singleValueAllowed: false,
                        output: $0)
                }
            ),
            (
                "csv",
                {
                    CSVWriter(
                        dialect: .csv, columns: ["id", "text", "escaped", "title", "owner.name", "tags"], output: $0)
                }
            ),
        ]
    }

    @Test(arguments: [64, 65, 100, 333, 4096])
    func spillingGivesTheSameBytes(capacity: Int) throws {
        for writer in Self.writers {
            let grown = try Self.written(capacity: nil, writer.make)
            let spilled = try Self.written(capacity: capacity, writer.make)
            #expect(grown.count > 4096, "\(writer.name): \(grown.count) bytes")
            let same = spilled == grown  // not compared in the expectation, which would print every byte
            #expect(
                same,
                "\(writer.name), capacity \(capacity): \(spilled.count) bytes against \(grown.count), first difference at \((0..<min(spilled.count, grown.count)).first { spilled[$0] != grown[$0] } ?? min(spilled.count, grown.count))"
            )
        }
    }

    /// A string longer than the buffer goes to the spill in one piece, after what came before it;
    /// the buffer does not grow for it.
    @Test func aLongAppendGoesStraightThrough() {
        let buffer = OutputBuffer(capacity: 64)
        var pieces: [[UInt8]] = []
        buffer.spillWhenFull(to: OutputSpill { pieces.append(Array($0)) })
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        var cursor = buffer.beginAppending()
        cursor.append(UInt8(ascii: "["))
        long.withUnsafeBufferPointer { cursor.append($0.baseAddress!, count: $0.count) }
        cursor.append(UInt8(ascii: "]"))
        buffer.endAppending(cursor)
        #expect(pieces.map(\.count) == [1, 1000])
        #expect(pieces.first == [UInt8(ascii: "[")] && pieces.last == long)
        #expect(buffer.text == "]")
        #expect(cursor.capacity == 64)
    }
}
