import Testing

@testable import CodableParsing

/// `RecordReaderOptions.items`: the records are the elements of an array inside each value,
/// handed on as they are read.
@Suite struct EnvelopeItemsTests {
    /// What reading `text` with `--items path` gives: each record with its coding path, then the
    /// error that stopped the reading (message, coding path if any, `LINE:COL`).
    func read(
        _ text: String, items path: String = "items", framing: InputFraming? = nil, chunkSize: Int = 1 << 20,
        pieceSize: Int = .max
    ) -> (records: [String], error: String?) {
        let reader = RecordReader(
            source: InMemoryByteSource(Array(text.utf8), pieceSize: pieceSize),
            options: RecordReaderOptions(
                framing: framing, chunkSize: chunkSize,
                items: ItemsKeyPath(keys: path.split(separator: ".").map(String.init), text: path)))
        var records: [String] = []
        var writer = JSONWriter()
        do throws(RecordReadError) {
            while let batch = try reader.nextBatch() {
                #expect(batch.fromTopLevelArray)
                for index in 0..<batch.count {
                    let out = OutputBuffer()
                    writer.write(batch[index], to: out)
                    records.append("\(batch.codingPath(ofNode: batch[index].root, inRecord: index)) \(out.text)")
                }
            }
            return (records, nil)
        } catch {
            switch error {
            case .malformed(let reason, let location, _), .skippedRecord(let reason, let location, _):
                return (records, "\(reason) \(location)")
            case .invalidEnvelope(let message, let codingPath, let location, _):
                return (records, "\(message) at \(codingPath) \(location)")
            case .unreadable(let underlying): return (records, "unreadable: \(underlying)")
            }
        }
    }

    @Test func recordsAreTheArraysElementsWithTheirPathsAndOtherMembersAreSkipped() {
        let text = #"{"page":1,"skip":{"items":[0]},"items":[{"a":1},[2,{"b":3}],"x"],"next":"p2","z":[[],{}]}"#
        #expect(read(text).records == [#"$.items[0] {"a":1}"#, #"$.items[1] [2,{"b":3}]"#, #"$.items[2] "x""#])
        #expect(read(text).error == nil)
    }

    @Test func aPathOfKeysLeadsThroughNestedObjectsAndTheFirstMatchWins() {
        let text = #"{"data":5,"data":{"x":[9],"items":[1,2]},"data":{"items":[3]}}"#
        #expect(read(text, items: "data.items").records == ["$.data.items[0] 1", "$.data.items[1] 2"])
        #expect(read(#"{"items":[1],"items":[2]}"#).records == ["$.items[0] 1"])
        #expect(read(#"{"\u0069tems":[1]}"#).records == ["$.items[0] 1"])
    }

    @Test func valuesOfAStreamOrATopLevelArrayAreEnvelopesNumberedInPaths() {
        #expect(
            read(#"[{"items":[1]},{"items":[2,3]}]"#).records == [
                "$[0].items[0] 1", "$[1].items[0] 2", "$[1].items[1] 3",
            ])
        #expect(read(#"{"items":[1]} {"items":[2]}"#).records == ["$.items[0] 1", "$[1].items[0] 2"])
        #expect(
            read("\u{1E}{\"items\":[1]}\n\u{1E}{\"items\":[2]}\n").records == ["$[0].items[0] 1", "$[1].items[0] 2"])
        #expect(
            read("\u{1E}{\"items\":[1]}\n\u{1E}[2]\n").error
                == "no 'items' array in this page value at $[1] 2:2")
        #expect(
            read(#"{"items":[1]} {"items":[2]}"#, framing: .json).error
                == "unexpected character '{' after the JSON value 1:15"
        )
    }

    @Test func aValueWithoutTheArrayIsAProblemAtItsPlace() {
        #expect(read(#"{"a":[1]}"#).error == "no 'items' array in this page value at $ 1:1")
        #expect(
            read("{\"items\":[1]}\n\n  {\"a\":[1]}").error
                == "no 'items' array in this page value at $[1] 3:3")
        #expect(
            read(#"{"d":{"items":"no"}}"#, items: "d.items").error
                == "'d.items' is a string, not an array at $.d.items 1:15")
        #expect(read(#"[{"items":[1]},7]"#).error == "no 'items' array in this page value at $[1] 1:16")
        #expect(read("  ").error == "the page holds no value; expected one with an array at 'items' at $ 1:3")
        #expect(read("", framing: .json).error?.hasPrefix("empty input") == true)
    }

    @Test func recordsBeforeAMalformedPlaceAreHandedOnFirst() {
        let result = read(#"{"items":[1,2,{"a":tru}]}"#)
        #expect(result.records == ["$.items[0] 1", "$.items[1] 2"])
        #expect(result.error == "unexpected character '}', expected 'true' 1:23")
        #expect(read(#"{"items":[1] "next":2}"#).error == "unexpected character '\"', expected ',' or '}' 1:14")
        #expect(read(#"{"items":[1],}"#).error == "unexpected character '}', expected a string key 1:14")
        #expect(read(#"{"items" [1]}"#).error == "unexpected character '[', expected ':' after the key 1:10")
    }

    @Test func readingInSmallPiecesGivesTheSameRecordsAndErrors() {
        let texts = [
            #"{"page":1,"skip":{"items":[0]},"items":[{"a":1},[2,{"b":3}],"x",12345],"next":"p2"}"#,
            #"[{"items":[1]},{"items":[2,3]}]  "#, #"{"items":[1]}{"items":[22]}"#, #"{"items":[1,2,"#, #"{"a":"b"}"#,
        ]
        for text in texts {
            let whole = read(text)
            for pieceSize in 1...5 {
                let pieces = read(text, chunkSize: 16, pieceSize: pieceSize)
                #expect(pieces.records == whole.records, "\(text) in pieces of \(pieceSize)")
                #expect(pieces.error == whole.error, "\(text) in pieces of \(pieceSize)")
            }
        }
    }

    @Test func aLargeEnvelopeIsReadInBuffersOfAboutTheChunkSize() throws {
        let elements = (0..<20_000).map { #"{"id":\#($0),"name":"n\#($0)"}"# }
        let text = #"{"page":1,"items":["# + elements.joined(separator: ",") + #"],"next":null}"#
        let reader = RecordReader(
            source: InMemoryByteSource(Array(text.utf8)),
            options: RecordReaderOptions(chunkSize: 4096, items: ItemsKeyPath(keys: ["items"], text: "items")))
        var count = 0
        var largestBuffer = 0
        while let batch = try reader.nextBatch() {
            count += batch.count
            largestBuffer = max(largestBuffer, batch.bytes.count)
        }
        #expect(count == 20_000)
        #expect(largestBuffer < 3 * 4096, "the envelope (\(text.utf8.count) bytes) was held whole")
    }
}
