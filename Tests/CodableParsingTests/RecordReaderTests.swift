import Testing

@testable import CodableParsing

@Suite struct RecordReaderTests {
    @Test func topLevelArrayElementsAreRecords() throws {
        #expect(try readRecords(#"[1, {"a":2}, [3], "x"]"#, framing: .json) == ["1", #"{"a":2}"#, "[3]", #""x""#])
        #expect(try readRecords("[]", framing: .json) == [])
        #expect(try readRecords(#"{"a":1}"#, framing: .json) == [#"{"a":1}"#])
    }

    @Test func everyFramingAgreesAtEveryReadSize() throws {
        let cases: [(String, InputFraming?, [String])] = [
            (
                "[1, {\"a\": [true, null]}, \"s\\\"t\", -2.5e3]", .json,
                ["1", #"{"a":[true,null]}"#, #""s\"t""#, "-2.5e3"]
            ),
            ("{\"a\":1}\n\n{\"a\":22}\r\n  [3]\n", .jsonl, [#"{"a":1}"#, #"{"a":22}"#, "[3]"]),
            ("\u{1E}{\"a\":1}\n\u{1E}123\n\u{1E}\u{1E}\"x\"\n", .jsonSeq, [#"{"a":1}"#, "123", #""x""#]),
            (
                "1 22 333\n{\"a\":1}{\"b\":2}[][] \"s\" true", .jsonStream,
                ["1", "22", "333", #"{"a":1}"#, #"{"b":2}"#, "[]", "[]", #""s""#, "true"]
            ),
            ("\u{FEFF}[1,2]", nil, ["1", "2"]),
            ("{\"a\":1}\n{\"a\":2}\n", nil, [#"{"a":1}"#, #"{"a":2}"#]),
            ("\u{1E}1\n\u{1E}2\n", nil, ["1", "2"]),
        ]
        for (text, framing, expected) in cases {
            for piece in [1, 2, 3, 7, 64, Int.max] {
                #expect(
                    try readRecords(text, framing: framing, chunkSize: 16, pieceSize: piece) == expected,
                    "\(text) piece \(piece)")
            }
        }
    }

    @Test func aRecordLargerThanTheBufferGrowsIt() throws {
        let big = "[" + (0..<5_000).map(String.init).joined(separator: ",") + "]"
        #expect(try readRecords(big + "\n" + big, framing: .jsonl, chunkSize: 16, pieceSize: 100) == [big, big])
    }

    @Test func jsonLinesRequireOneWholeValuePerLine() {
        #expect(
            readError("{\"a\":\n1}", framing: .jsonl)?.message
                == "unexpected end of line, expected a value (JSON Lines hold one whole value per line)")
        #expect(
            readError("1 2\n", framing: .jsonl)?.message
                == "unexpected character '2' after the value (JSON Lines hold one value per line)")
        #expect(readError("1\n2\n[3,\n", framing: .jsonl)?.place == "3:4")
    }

    @Test func jsonSequencesNeedTheirSeparator() {
        #expect(readError("1\n", framing: .jsonSeq)?.message.contains("record separator") == true)
    }

    @Test func aMalformedRecordComesAfterTheGoodOnesBeforeIt() throws {
        let reader = RecordReader(source: InMemoryByteSource("1\n2\n}"), options: RecordReaderOptions(framing: .jsonl))
        let batch = try #require(try reader.nextBatch())
        #expect(batch.count == 2)
        #expect(throws: RecordReadError.self) { _ = try reader.nextBatch() }
        #expect(try reader.nextBatch() == nil)
    }

    @Test func locationsSurviveDiscardedBuffers() {
        var text = ""
        for index in 0..<2_000 { text += "{\"n\":\(index)}\n" }
        text += "{\"n\": é x}\n"
        let error = readError(text, framing: .jsonl, chunkSize: 64, pieceSize: 50)
        #expect(error?.place == "2001:7")
    }

    @Test func recordsKnowTheirText() throws {
        let reader = RecordReader(
            source: InMemoryByteSource("[ {\"a\": [1, 2]} , 3 ]"), options: RecordReaderOptions(framing: .json))
        let batch = try #require(try reader.nextBatch())
        #expect(batch[0].compactText == "{\"a\":[1,2]}")
        #expect(batch[1].compactText == "3")
        #expect(batch.fromTopLevelArray)
        #expect(batch.location(ofNode: batch[1].root) == SourceLocation(offset: 18, line: 1, column: 19))
    }

    @Test func unreadableSourcesAreIOErrors() {
        struct Failing: ByteSource {
            struct Broken: Error {}
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { throw Broken() }
        }
        let reader = RecordReader(source: Failing())
        #expect {
            _ = try reader.nextBatch()
        } throws: { error in
            if case .unreadable = error as? RecordReadError { return true }
            return false
        }
    }
}

@Suite struct CompactTextTests {
    @Test func compactTextOfNestedAndEmptyContainers() throws {
        let text = #"[ {"a": [1, {"b": [ ]} ] , "c" : { } } , [ [ ] ] , "x" ]"#
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .json))
        let batch = try #require(try reader.nextBatch())
        #expect((0..<batch.count).map { batch[$0].compactText } == [#"{"a":[1,{"b":[]}],"c":{}}"#, "[[]]", #""x""#])
    }

    @Test func compactTextOfAVeryDeepValueDoesNotRecurse() throws {
        let depth = 50_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let reader = RecordReader(
            source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream, maxDepth: depth))
        let batch = try #require(try reader.nextBatch())
        #expect(batch[0].compactText.count == 2 * depth)
    }
}
