import CodableParsing
import CodableYAML
import Testing

/// Reads YAML text and writes each record as compact JSON.
func yamlToJSON(_ text: String, options: YAMLReaderOptions = YAMLReaderOptions(), pieceSize: Int = .max) throws
    -> [String]
{
    var records: [String] = []
    try appendRecords(
        of: YAMLRecordReader(source: InMemoryByteSource(text, pieceSize: pieceSize), options: options), to: &records)
    return records
}

/// Appends every record `reader` gives, as compact JSON, to `records` (the records before an
/// error stay there when it throws).
func appendRecords(of reader: some RecordBatchReader, to records: inout [String]) throws(RecordReadError) {
    var writer = JSONWriter()
    while let batch = try reader.nextBatch() {
        for index in 0..<batch.count {
            let out = OutputBuffer()
            writer.write(batch[index], to: out)
            records.append(out.text)
        }
    }
}

@Suite struct YAMLReaderTests {
    @Test func coreSchemaScalars() throws {
        let yaml =
            "a: [true, True, TRUE, false, NO, on, y, null, ~, 017, 0o17, 0x1F, +5, -0, 1.5, .5, 1., 1e3, 2002-12-14, 12:30]\nb:\n"
        #expect(
            try yamlToJSON(yaml) == [
                #"{"a":[true,true,true,false,"NO","on","y",null,null,17,15,31,5,-0,1.5,0.5,1.0,1e3,"2002-12-14","12:30"],"b":null}"#
            ])
    }

    @Test func version11Scalars() throws {
        let yaml = "[yes, No, on, OFF, y, 017, 0b101, 1_000, 190:20:30, 0x1F, 1.5, null]\n"
        #expect(
            try yamlToJSON(yaml, options: YAMLReaderOptions(version: .v1_1)) == [
                "true", "false", "true", "false", "true", "15", "5", "1000", "685230", "31", "1.5", "null",
            ])
    }

    @Test func readsInSmallPieces() throws {
        let yaml = String(repeating: "---\nname: \"a\\tb\"\nlist: [1, 2, {x: y}]\n", count: 50)
        let records = try yamlToJSON(yaml, options: YAMLReaderOptions(batchBytes: 64), pieceSize: 7)
        #expect(records.count == 50)
        #expect(records.allSatisfy { $0 == #"{"name":"a\tb","list":[1,2,{"x":"y"}]}"# })
    }

    /// Bad bytes are found by libyaml's reader, which gives a byte offset, not a mark: the
    /// error points at the byte itself (columns in characters, a leading BOM not counted),
    /// even when it is fed in small pieces.
    @Test(arguments: [
        (Array("a: 1\nb: x".utf8) + [0xFF, 0x0A], 2, 5, "invalid leading UTF-8 octet"),
        (Array("a: 1\nb: é".utf8) + [0xC3], 2, 5, "incomplete UTF-8 octet sequence"),
        ([0xEF, 0xBB, 0xBF] + Array("a: é\nb: ".utf8) + [0x01, 0x0A], 2, 4, "control characters are not allowed"),
    ])
    func badBytesAreLocated(bytes: [UInt8], line: Int, column: Int, message: String) throws {
        for pieceSize in [3, Int.max] {
            let reader = YAMLRecordReader(
                source: InMemoryByteSource(bytes, pieceSize: pieceSize), options: YAMLReaderOptions())
            do {
                while try reader.nextBatch() != nil {}
                Issue.record("no error for \(bytes)")
            } catch {
                guard case .malformed(let reason, let location, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(reason.description == message)
                #expect(location.line == line && location.column == column, "piece size \(pieceSize)")
            }
        }
    }
}

/// Nodes point into a batch's synthesized JSON with 32-bit offsets, so a document whose scalars
/// would take it past `maxRecordBytes` (4 GiB - 1 by default; 200 here) is an error at the
/// scalar that crosses it, after the documents before it.
@Suite struct YAMLRecordSizeLimitTests {
    @Test func aDocumentPastTheLimitIsAnErrorAfterTheDocumentsBeforeIt() throws {
        let small = (0..<20).map { "---\nname: \(String(repeating: "x", count: 10 + $0))\n" }.joined()
        let options = YAMLReaderOptions(batchBytes: 64, maxRecordBytes: 200)
        for pieceSize in [5, Int.max] {
            #expect(try yamlToJSON(small, options: options, pieceSize: pieceSize).count == 20)
            let large = small + "---\na: 1\nb: " + String(repeating: "y", count: 300) + "\n---\nc: 2\n"
            var records: [String] = []
            do {
                try appendRecords(
                    of: YAMLRecordReader(source: InMemoryByteSource(large, pieceSize: pieceSize), options: options),
                    to: &records)
                Issue.record("no error past the limit")
            } catch {
                guard case .malformed(let reason, let location, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(reason == .recordTooLarge(limit: 200))
                #expect(location.description == "43:4")
            }
            #expect(records.count == 20)
        }
    }
}

/// A root sequence in a stream known to hold one document at most: its items are handed on as
/// they are read (`oneDocumentAtMost`), in batches as small as one item, and give the same
/// records, and the same error, as when the sequence is held until the end; an anchor stops the
/// handing on (its alias copies nodes from the tape) but not the reading.
@Suite struct YAMLStreamedSequenceTests {
    /// Records and error (`LINE:COL: message`) of reading `text`.
    static func read(_ text: String, streaming: Bool, pieceSize: Int = .max) -> (records: [String], error: String?) {
        var options = YAMLReaderOptions(batchBytes: streaming ? 1 : 1 << 20)
        if streaming { options.oneDocumentAtMost = { _ in true } }
        var records: [String] = []
        do {
            try appendRecords(
                of: YAMLRecordReader(source: InMemoryByteSource(text, pieceSize: pieceSize), options: options),
                to: &records)
            return (records, nil)
        } catch {
            guard case .malformed(let reason, let location, _) = error else { return (records, "\(error)") }
            return (records, "\(location): \(reason)")
        }
    }

    @Test(arguments: [
        "- 1\n- two\n- [3, {a: b}]\n- {x: [y, z]}\n-\n- - nested\n  - deep\n",
        "---\n[1, 2, 3]\n...\n",
        "# only a comment\n",
        "[]\n",
        "- &a {k: 1}\n- *a\n- b\n- {<<: *a, m: 2}\n",
        "- a\n- &s x\n- *s\n",
        "- id: 1\n  name: a\n- id: 2\n  name: b\n",
        "a: 1\n",
        "just a scalar\n",
        "- 1\n- [2\n- 3\n",
        "- 1\n- {a: *missing}\n",
        "- 1\n- 2\nkey: value\n",
        "- 1\n- 2\n]\n",
        "[a, 1, true]\nfoo\n",
    ])
    func sameRecordsAndErrorAsHeld(text: String) {
        let held = Self.read(text, streaming: false)
        for piece in [1, 3, Int.max] {
            let streamed = Self.read(text, streaming: true, pieceSize: piece)
            #expect(streamed.records == held.records, "\(text.debugDescription) piece \(piece)")
            #expect(streamed.error == held.error, "\(text.debugDescription) piece \(piece)")
        }
    }

    @Test func itemsBeforeAFailureAreRecordsEitherWay() {
        let read = Self.read("- 1\n- {a: 2}\n- [3\n", streaming: false)
        #expect(read.records == ["1", #"{"a":2}"#])
        #expect(read.error?.hasPrefix("4:1: ") == true, "\(String(describing: read.error))")
    }

    @Test func manyItemsAreHandedOnInBatches() throws {
        let text = (0..<1_000).map { "- {id: \($0), name: user\($0)}\n" }.joined()
        let reader = YAMLRecordReader(
            source: InMemoryByteSource(text),
            options: YAMLReaderOptions(batchBytes: 1_000, oneDocumentAtMost: { _ in true }))
        var batches = 0
        var records = 0
        while let batch = try reader.nextBatch() {
            batches += 1
            records += batch.count
            #expect(batch.fromTopLevelArray)
        }
        #expect(records == 1_000)
        #expect(batches > 10)
    }

    /// The question is put once, when the first document's root starts, saying whether that
    /// root is a sequence; later documents, and a stream with no document, put none.
    @Test(arguments: [
        ("- a\n- b\n", [true]),
        ("a: 1\n", [false]),
        ("just text\n", [false]),
        ("[1, 2]\n---\n- b\n", [true]),
        ("x: 1\n---\n- a\n", [false]),
        ("# nothing\n", []),
    ])
    func theQuestionComesOnceWithTheRootsKind(text: String, asked: [Bool]) throws {
        final class Calls: @unchecked Sendable { var rootIsSequence: [Bool] = [] }  // one reading thread asks
        let calls = Calls()
        let options = YAMLReaderOptions(oneDocumentAtMost: { rootIsSequence in
            calls.rootIsSequence.append(rootIsSequence)
            return false
        })
        let reader = YAMLRecordReader(source: InMemoryByteSource(text), options: options)
        while try reader.nextBatch() != nil {}
        #expect(calls.rootIsSequence == asked)
    }
}

/// A container's size has 27 bits: a mapping or sequence holding more values than the limit (5
/// here) is an error at its start.
@Suite struct YAMLValueLimitTests {
    @Test(arguments: [("y:\n  a: [1, 2]\n", "1:1"), ("y:\n  a: [1, 2, 3, 4]\n", "2:3")])
    func aYAMLContainerHoldingTooManyValuesIsAnErrorAtIt(text: String, place: String) throws {
        let options = YAMLReaderOptions(maxValues: 5)
        #expect(try yamlToJSON("y:\n  a: [1]\n", options: options) == [#"{"y":{"a":[1]}}"#])
        do {
            _ = try yamlToJSON(text, options: options)
            Issue.record("no error")
        } catch let error as RecordReadError {
            guard case .malformed(let reason, let location, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason == .tooManyValues(limit: 5))
            #expect(location.description == place)
        }
    }
}
