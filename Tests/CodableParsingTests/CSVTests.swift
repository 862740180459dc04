import Testing

@testable import CodableParsing

/// Reads every record of a CSV text and writes each back as compact JSON.
private func readCSV(_ text: String, options: CSVReaderOptions = CSVReaderOptions(), pieceSize: Int = .max)
    throws(RecordReadError) -> [String]
{
    var records: [String] = []
    try appendRecords(
        of: CSVReader(source: InMemoryByteSource(text, pieceSize: pieceSize), options: options), to: &records)
    return records
}

/// The error reading a CSV text gives: its message and `LINE:COL`.
private func csvError(_ text: String, options: CSVReaderOptions = CSVReaderOptions(), pieceSize: Int = .max) -> String?
{
    do {
        _ = try readCSV(text, options: options, pieceSize: pieceSize)
        return nil
    } catch {
        guard case .malformed(let reason, let location, _) = error else { return "unreadable" }
        return "\(location): \(reason)"
    }
}

/// Writes JSON Lines text as CSV.
private func writeCSV(_ jsonl: String, dialect: CSVDialect = .csv, columns: [String]? = nil, sortKeys: Bool = false)
    throws -> String
{
    let reader = RecordReader(source: InMemoryByteSource(jsonl), options: RecordReaderOptions(framing: .jsonl))
    let writer = CSVWriter(dialect: dialect, columns: columns, sortKeys: sortKeys)
    while let batch = try reader.nextBatch() { writer.write(batch) }
    writer.finish()
    return writer.output.text
}

@Suite struct CSVTests {
    @Test func rowsBecomeRecordsAtEveryReadSize() throws {
        let text = "\u{FEFF}id,\"na,me\",n\r\n1,\"a \"\"b\"\"\nc\",-1.5e3\r\n\r\n2,,007\n3,\"\",true"
        let expected = [
            #"{"id":1,"na,me":"a \"b\"\nc","n":-1.5e3}"#, #"{"id":2,"na,me":"","n":"007"}"#,
            #"{"id":3,"na,me":"","n":true}"#,
        ]
        for piece in [1, 2, 3, 5, 8, 64, Int.max] {
            for chunk in [16, 1 << 20] {
                #expect(
                    try readCSV(text, options: CSVReaderOptions(chunkSize: chunk), pieceSize: piece) == expected,
                    "piece \(piece), chunk \(chunk)")
            }
        }
    }

    /// A row of `wideRow` cells or more has its record's room made before it is built (from
    /// each cell's kind); every kind of cell, escapes past that room included, reads as in a
    /// narrow row, with a header and without, empty cells as "" and as null.
    @Test func wideRowsReadAsNarrowOnesDo() throws {
        let cells: [(text: String, json: String, null: String)] = [
            ("42", "42", "42"), ("-1.5e3", "-1.5e3", "-1.5e3"), ("true", "true", "true"), ("null", "null", "null"),
            ("", #""""#, "null"), (#""""#, #""""#, #""""#), (#""a,""b""""#, #""a,\"b\"""#, #""a,\"b\"""#),
            ("x\u{1}\u{2}\u{3}", #""x\u0001\u0002\u0003""#, #""x\u0001\u0002\u0003""#),
            ("2024-01-01", #""2024-01-01""#, #""2024-01-01""#),
        ]
        let count = CSVRecordBuilder.wideRow + 5
        let row = (0..<count).map { cells[$0 % cells.count] }
        let values = row.map(\.text).joined(separator: ",")
        for emptyAsNull in [false, true] {
            let json = row.map { emptyAsNull ? $0.null : $0.json }
            let header = (0..<count).map { "c\($0)" }.joined(separator: ",")
            let keyed = "{" + (0..<count).map { "\"c\($0)\":\(json[$0])" }.joined(separator: ",") + "}"
            #expect(
                try readCSV(
                    header + "\n" + values + "\n" + values + "\n", options: CSVReaderOptions(emptyAsNull: emptyAsNull))
                    == [keyed, keyed])
            let unkeyed = "[" + json.joined(separator: ",") + "]"
            #expect(
                try readCSV(
                    values + "\n1\n" + values, options: CSVReaderOptions(emptyAsNull: emptyAsNull, hasHeader: false))
                    == [unkeyed, "[1]", unkeyed])
        }
    }

    /// A wide row is held in the room made for it: its batch ends with it, so no node of a row
    /// after it (nor of one begun where the buffer ends, and taken back) grows that room to
    /// twice its size, as it would for a header of a million names over a row of empty cells.
    @Test func aWideRowEndsItsBatchInTheRoomMadeForIt() throws {
        let width = 3 * CSVRecordBuilder.wideRow
        let wide = Array(repeating: "0", count: width).joined(separator: ",")
        let unkeyed = "[" + wide + "]"
        for (text, expected) in [
            (wide + "\n", [unkeyed]), (wide + "\n1\n2\n" + wide + "\n3\n", [unkeyed, "[1]", "[2]", unkeyed, "[3]"]),
        ] {
            let reader = CSVReader(source: InMemoryByteSource(text), options: CSVReaderOptions(hasHeader: false))
            var batches: [[String]] = []
            while let batch = try reader.nextBatch() {
                var records: [String] = []
                var writer = JSONWriter()
                for index in 0..<batch.count {
                    let out = OutputBuffer()
                    writer.write(batch[index], to: out)
                    records.append(out.text)
                }
                batches.append(records)
                if records.last == unkeyed {
                    #expect(
                        batch.nodes.capacity < 2 * batch.nodes.count,
                        "grown past the wide row's room: \(batch.nodes.capacity) for \(batch.nodes.count) nodes")
                }
            }
            #expect(batches.flatMap { $0 } == expected)
            #expect(batches.allSatisfy { !$0.dropLast().contains(unkeyed) }, "a row after a wide one in its batch")
        }
    }

    /// Every node of a record is placed at its cell: the record at its row's start, a key and
    /// its value both at the value's cell. Rows split across batches, with and without a header.
    @Test func everyNodeIsPlacedAtItsCell() throws {
        let rows = [
            ["id", "name", "n"], ["1", "\"a,\"\"b\"\"\"", "-1.5"], ["22", "", "x"], ["333", "\"q\r\nr\"", "true"],
            ["4", "é", "\"\""],
        ]
        try expectEveryNodePlaced(rows, reads: [(16, 3), (16, 7), (1 << 20, Int.max)])
    }

    /// A wide row keeps the place of every 64th cell only and finds the others by scanning from
    /// the one before: cells on both sides of those kept, quoted ones holding the delimiter, a
    /// doubled quote or a line break, are all placed where they are, in rows of different
    /// widths (without a header) and past several kept places.
    @Test func everyCellOfAWideRowIsPlacedAtItsCell() throws {
        let width = 3 * CSVRowPlaces.stride + 5
        let tricky = ["\"a,b\"", "\"q\"\"\"", "\"x\r\ny\"", "é", "", "\"\""]
        let wide = (0..<width).map {
            $0 % 7 == 3 || $0 % 64 == 63 || $0 % 64 == 1 ? tricky[$0 % tricky.count] : String($0)
        }
        let header = (0..<width).map { "c\($0)" }
        try expectEveryNodePlaced([header, wide, Array(wide.reversed()), wide], reads: [(64, 5), (1 << 20, Int.max)])
        try expectEveryNodePlaced(
            [["1"], wide, ["\"s\r\nt\"", "2"], Array(wide.prefix(2 * CSVRowPlaces.stride + 1))],
            reads: [(1 << 20, Int.max)], headers: [false])
    }

    /// A value equal to one written for an earlier node of its block of 16 is pointed at, not
    /// written again, and every node stays one word, or less: a row of empty cells writes one
    /// `""` and keeps one word a block. Rows of repeated values read in small pieces (each row taken back and built again
    /// as more input comes) read as they are written.
    @Test func repeatedValuesAreWrittenOncePerBlock() throws {
        let count = 16_000
        let reader = CSVReader(
            source: InMemoryByteSource(String(repeating: ",", count: count - 1) + "\n"),
            options: CSVReaderOptions(hasHeader: false))
        let batch = try #require(try reader.nextBatch())
        // One "" a block; each after the first starts on the quote that closes the one before.
        #expect(batch.bytes.count == 2 + count / NodeBuffer.blockSize)
        // The first block holds the row's array and 15 cells, the last the 16 000th cell alone;
        // each of the 999 blocks between is one word. Every block keeps its base and where its
        // words start; the row's array, past a word's size, 12 bytes more.
        let folded = count / NodeBuffer.blockSize - 1
        #expect(
            batch.nodes.byteCount == (count + 1 - (NodeBuffer.blockSize - 1) * folded) * 4 + (count + 1)
                / NodeBuffer.blockSize * 8 + 12)
        #expect(
            try readCSV(String(repeating: ",", count: count - 1) + "\n", options: CSVReaderOptions(hasHeader: false))
                == ["[" + Array(repeating: "\"\"", count: count).joined(separator: ",") + "]"])
        let rows =
            "a,b,c\n" + (0..<40).map { "\($0 % 3),\($0 % 2 == 0 ? "x" : "\"y\""),true" }.joined(separator: "\n") + "\n"
        #expect(
            try readCSV(rows, options: CSVReaderOptions(chunkSize: 16), pieceSize: 7)
                == (0..<40).map { "{\"a\":\($0 % 3),\"b\":\"\($0 % 2 == 0 ? "x" : "y")\",\"c\":true}" })
    }

    /// A string cell's token starts on the closing quote of a string just before it (a key's
    /// or a value's): a row of one-letter strings takes 2 bytes of JSON a value, and 16 of them
    /// 5 words of nodes. Every string reads back as written, after another string, an empty
    /// cell pointed at an earlier one, a number or a literal, escaped or not, with a header and
    /// without, whole and in pieces.
    @Test func consecutiveStringsShareAQuote() throws {
        let count = 16_000
        let letters = (0..<count).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        let reader = CSVReader(
            source: InMemoryByteSource(letters.joined(separator: ",") + "\n"),
            options: CSVReaderOptions(hasHeader: false))
        let batch = try #require(try reader.nextBatch())
        #expect(batch.bytes.count == 1 + 2 * count)
        let folded = count / NodeBuffer.blockSize - 1  // the first block holds the row's array
        #expect(batch.nodes.byteCount == (count + 1 - 11 * folded) * 4 + (count + 1) / NodeBuffer.blockSize * 8 + 12)
        #expect(
            try readCSV(letters.joined(separator: ",") + "\n", options: CSVReaderOptions(hasHeader: false)) == [
                "[" + letters.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            ])
        // A row's record starts on the closing quote that ends the row before, as its first
        // string does: no node starts before its block's first (it would be kept whole).
        let rows = try #require(
            try CSVReader(
                source: InMemoryByteSource(String(repeating: "a,b\n", count: 2_000)),
                options: CSVReaderOptions(hasHeader: false)
            ).nextBatch())
        #expect(
            rows.count == 2_000
                && rows.nodes.byteCount == rows.nodes.count * 4 + rows.nodes.count / NodeBuffer.blockSize * 4)
        let cells: [(csv: String, json: String)] = [
            ("x", #""x""#), ("", #""""#), (#""q""""#, #""q\"""#), ("", #""""#), (#""""#, #""""#), ("y", #""y""#),
            ("1", "1"),
            ("", #""""#), (#""a,b""#, #""a,b""#), ("true", "true"), ("é\u{1}", #""é\u0001""#), ("", #""""#),
            ("", #""""#),
        ]
        let header = cells.indices.map { "\"c\"\"\($0)\"" }
        let row = cells.map(\.csv).joined(separator: ",")
        let repeated = Array(repeating: row, count: 40).joined(separator: "\n") + "\n"
        let keyed = "{" + cells.indices.map { "\"c\\\"\($0)\":\(cells[$0].json)" }.joined(separator: ",") + "}"
        let unkeyed = "[" + cells.map(\.json).joined(separator: ",") + "]"
        for pieceSize in [Int.max, 5] {
            #expect(
                try readCSV(
                    header.joined(separator: ",") + "\n" + repeated, options: CSVReaderOptions(chunkSize: 64),
                    pieceSize: pieceSize) == Array(repeating: keyed, count: 40))
            #expect(
                try readCSV(repeated, options: CSVReaderOptions(hasHeader: false, chunkSize: 64), pieceSize: pieceSize)
                    == Array(repeating: unkeyed, count: 40))
        }
    }

    /// Reads `rows` (written as they are, joined by commas and CRLF) with each `(chunk size,
    /// piece size)` of `reads`, with and without a header, and expects every node placed at
    /// its cell's line and column.
    private func expectEveryNodePlaced(_ rows: [[String]], reads: [(Int, Int)], headers: [Bool] = [true, false]) throws
    {
        let text = rows.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        // Each cell's line:column, counted from the text as written.
        var places: [[String]] = []
        var line = 1
        var column = 1
        for row in rows {
            var cells: [String] = []
            for (index, cell) in row.enumerated() {
                if index > 0 { column += 1 }
                cells.append("\(line):\(column)")
                for scalar in cell.unicodeScalars {
                    if scalar == "\n" {
                        line += 1
                        column = 1
                    } else if scalar != "\r" {
                        column += 1
                    }
                }
            }
            places.append(cells)
            line += 1
            column = 1
        }
        for hasHeader in headers {
            for (chunk, piece) in reads {
                let reader = CSVReader(
                    source: InMemoryByteSource(text, pieceSize: piece),
                    options: CSVReaderOptions(hasHeader: hasHeader, chunkSize: chunk))
                var seen: [[String]] = []
                while let batch = try reader.nextBatch() {
                    for record in 0..<batch.count {
                        let root = Int(batch.roots[record])
                        let span = batch.nodes[root].span
                        seen.append((root..<root + span).map { "\(batch.location(ofNode: $0))" })
                    }
                    // Located together, through a cursor, and every third node (a cell scanned
                    // for from the one placed before it, or from a kept place when nearer): the
                    // same places as each alone.
                    let all = Array(0..<batch.nodes.count)
                    let alone = all.map { batch.location(ofNode: $0) }
                    #expect(
                        batch.locations(ofNodes: all) == alone,
                        "together: header \(hasHeader), chunk \(chunk), piece \(piece)")
                    var cursor = BatchLocationCursor(batch)
                    #expect(
                        all.map { cursor.location(ofNode: $0) } == alone,
                        "through a cursor: header \(hasHeader), chunk \(chunk), piece \(piece)")
                    for step in [3, 61] {
                        let sparse = Swift.stride(from: 1, to: all.count, by: step).map { $0 }
                        #expect(
                            batch.locations(ofNodes: sparse) == sparse.map { alone[$0] },
                            "every \(step)th: header \(hasHeader), chunk \(chunk), piece \(piece)")
                    }
                }
                let expected = places[(hasHeader ? 1 : 0)...].map { cells in
                    [cells[0]] + cells.flatMap { hasHeader ? [$0, $0] : [$0] }
                }
                #expect(seen == Array(expected), "header \(hasHeader), chunk \(chunk), piece \(piece)")
            }
        }
    }

    /// A wide row read through small reads is measured, made room for and built as a whole
    /// row is; one cell too many or too few is the same error as in a narrow row.
    @Test func wideRowsInPiecesAndWideRowsOfTheWrongLength() throws {
        let count = CSVRecordBuilder.wideRow + 5
        let header = (0..<count).map { "c\($0)" }.joined(separator: ",")
        let values = (0..<count).map { String($0) }
        let row = values.joined(separator: ",")
        let keyed = "{" + (0..<count).map { "\"c\($0)\":\($0)" }.joined(separator: ",") + "}"
        for piece in [1 << 10, 4099, Int.max] {
            let options = CSVReaderOptions(chunkSize: 64)
            #expect(
                try readCSV(header + "\n\n" + row + "\n\n" + row, options: options, pieceSize: piece) == [keyed, keyed])
            let column = row.utf8.count + 2
            #expect(
                csvError(header + "\n" + row + ",x\n", options: options, pieceSize: piece)
                    == "2:\(column): row has \(count + 1) fields, the header has \(count)")
            let short = values.dropLast().joined(separator: ",")
            #expect(
                csvError(header + "\n" + short + "\n", options: options, pieceSize: piece)
                    == "2:\(short.utf8.count + 1): row has \(count - 1) fields, the header has \(count)")
        }
    }

    @Test func onlyUnquotedCellsAreTyped() throws {
        let text = "a,b,c,d,e,f\n42,\"42\",null,\"null\",,\"\"\n"
        #expect(try readCSV(text) == [#"{"a":42,"b":"42","c":null,"d":"null","e":"","f":""}"#])
        #expect(
            try readCSV(text, options: CSVReaderOptions(emptyAsNull: true)) == [
                #"{"a":42,"b":"42","c":null,"d":"null","e":null,"f":""}"#
            ])
    }

    @Test func numbersFollowJSONGrammar() {
        for number in ["0", "-0", "12", "1.5", "1e3", "-2.5E-7", "1E+2"] {
            #expect(
                number.utf8CString.withUnsafeBufferPointer {
                    CSVCell.isNumber(
                        UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: UInt8.self), count: $0.count - 1)
                }, "\(number)")
        }
        for text in ["01", "1.", ".5", "+1", "1e", "-", "1.5.2", "0x1", "NaN", "1 "] {
            #expect(
                !text.utf8CString.withUnsafeBufferPointer {
                    CSVCell.isNumber(
                        UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: UInt8.self), count: $0.count - 1)
                }, "\(text)")
        }
    }

    @Test func withoutAHeaderRowsAreArrays() throws {
        #expect(try readCSV("a,1\nb\n", options: CSVReaderOptions(hasHeader: false)) == [#"["a",1]"#, #"["b"]"#])
    }

    @Test func errorsPointAtTheCell() {
        #expect(csvError("a,b\n1,2\n3\n") == "3:2: row has 1 field, the header has 2")
        #expect(csvError("a,b\n1,2,3\n") == "2:5: row has 3 fields, the header has 2")
        #expect(csvError("a,b,a\n") == "1:5: column name 'a' is used twice in the header (columns 1 and 3)")
        #expect(csvError("a,,b\n") == "1:3: column 2 of the header has no name (every column needs one)")
        #expect(
            csvError("a\n\"x\"y\n")
                == "2:4: unexpected character 'y' after a closing quote (double a quote inside a quoted field: \"\")")
        for piece in [1, 3, Int.max] {
            #expect(
                csvError("a\n1\n\"open\nstill", pieceSize: piece)
                    == "3:1: quoted field is not closed: the input ends inside it")
        }
        #expect(csvError("a\n\u{FF}") == nil)  // U+00FF is valid UTF-8 text
        #expect(csvError("a\nx\"y\n") == nil)  // a quote inside an unquoted field is kept
    }

    /// A row that fails after its cells outgrew the batch's node storage (moved by `realloc`),
    /// with no batch made: the reader is released without freeing the old storage again.
    @Test func aRowThatFailsLateIsReleasedCleanly() {
        let names = (0..<2_000).map { "c\($0)" }
        var bytes = Array((names.joined(separator: ",") + "\n").utf8)
        for column in 0..<2_000 {
            if column > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += column == 1_990 ? [0x61, 0xFF] : Array(String(column).utf8)
        }
        bytes.append(0x0A)
        for chunkSize in [64, 1 << 20] {
            let reader = CSVReader(source: InMemoryByteSource(bytes), options: CSVReaderOptions(chunkSize: chunkSize))
            #expect(throws: RecordReadError.self) { while try reader.nextBatch() != nil {} }
        }
    }

    /// A batch's JSON is addressed with 32-bit offsets (4 GiB - 1 by default; 100 bytes here):
    /// a row whose JSON would take it past that is an error at the row, after the rows before it.
    @Test func aRowPastTheRecordSizeLimitIsAnErrorAfterTheRowsBefore() throws {
        let options = CSVReaderOptions(chunkSize: 16, maxRecordBytes: 100)
        let small = "a,b\n" + (0..<20).map { "\($0),x\($0)\n" }.joined()
        #expect(try readCSV(small, options: options, pieceSize: 7).count == 20)
        let large = small + "1,\"" + String(repeating: "\u{1}", count: 20) + "\"\n2,y\n"  // each byte becomes \u0001
        var records: [String] = []
        #expect(throws: RecordReadError.self) {
            try appendRecords(
                of: CSVReader(source: InMemoryByteSource(large, pieceSize: 7), options: options), to: &records)
        }
        #expect(records.count == 20)
        #expect(
            csvError(large, options: options, pieceSize: 7)
                == "22:1: record longer than 100 bytes, the most one record can hold"
        )
    }

    @Test func invalidUTF8IsAnError() {
        let reader = CSVReader(source: InMemoryByteSource([0x61, 0x0A, 0x62, 0xFF, 0x0A]))
        #expect(throws: RecordReadError.self) { try reader.nextBatch() }
    }

    @Test func writerQuotesOnlyWhatItMust() throws {
        let out = try writeCSV(#"{"a":"x,y","b":"42","c":42,"d":"","e":null,"f":{"g":[1,"2"]},"h":"plain"}"# + "\n")
        #expect(out == "a,b,c,d,e,f.g,h\n\"x,y\",\"42\",42,\"\",null,\"[1,\"\"2\"\"]\",plain\n")
        #expect(try writeCSV(#"{"a":"t\tb","b":1}"# + "\n", dialect: .tsv) == "a\tb\n\"t\tb\"\t1\n")
        #expect(try writeCSV(#"{"a":1,"b":2}"# + "\n" + #"{"b":3}"# + "\n", columns: ["b", "z"]) == "b,z\n2,\n3,\n")
        #expect(try writeCSV("[1,\"a\"]\n[2]\n") == "1,a\n2\n")
    }

    /// A sorted header keeps its columns' numbers (their table let go while sorting): the first
    /// record's row is in the header's order, and later records, whose fields come in another
    /// order, with a field that is not a column, or in part, find their columns by name (the
    /// table made again).
    @Test func aSortedHeaderPlacesEveryLaterRecordsFields() throws {
        let records = [
            #"{"b":1,"a":{"y":2,"x":3},"c":4}"#, #"{"c":5,"a":{"x":6,"y":7},"z":0,"b":8}"#, #"{"a":{"y":9}}"#,
        ]
        #expect(
            try writeCSV(records.joined(separator: "\n") + "\n", sortKeys: true)
                == "a.x,a.y,b,c\n3,2,1,4\n6,7,8,5\n,9,,\n")
        let wide = (0..<5_000).map { "\"k\($0 * 7919 % 5_000)\":\($0)" }
        let sorted = try writeCSV(
            "{" + wide.joined(separator: ",") + "}\n{" + wide.reversed().joined(separator: ",") + "}\n", sortKeys: true)
        let lines = sorted.split(separator: "\n")
        let names = lines[0].split(separator: ",").map(String.init)
        #expect(names == names.sorted() && names.count == 5_000)
        #expect(lines[1] == lines[2])
    }

    /// A header whose names would take more than the columns keep (4 GiB; 20 bytes here) is not
    /// written: the record is reported as one that cannot be a row, and the rest are not
    /// written either. Names that take the limit exactly are written.
    @Test func aHeaderPastTheNamesLimitStopsTheOutput() throws {
        let reader = RecordReader(
            source: InMemoryByteSource(#"{"aaaaaaaaa":1,"b":{"ccccccccc":2}}"# + "\n" + #"{"x":1}"# + "\n"),
            options: RecordReaderOptions(framing: .jsonl))
        let batch = try #require(try reader.nextBatch())
        for (limit, fits) in [(20, true), (19, false)] {  // "aaaaaaaaa" and "b.ccccccccc": 20 bytes
            let writer = CSVWriter(dialect: .csv)
            writer.columns = CSVColumns(nameByteLimit: limit)
            writer.write(batch)
            let issues = writer.takeIssues()
            if fits {
                #expect(writer.output.text == "aaaaaaaaa,b.ccccccccc\n1,2\n,\n" && issues.count == 1)  // `x` left out
            } else {
                #expect(writer.output.text.isEmpty)
                guard case .unwritable(let record, let message) = issues.first else {
                    Issue.record("no issue: \(issues)")
                    continue
                }
                #expect(record.root == 0 && message.contains("more than 4 GiB") && issues.count == 1)
            }
        }
        #expect(
            CSVColumns().hasRoom(forNameOf: Int(UInt32.max)) && !CSVColumns().hasRoom(forNameOf: Int(UInt32.max) + 1))
    }

    /// An array (or an object a chosen column names) of `CSVWriter.nodesStreamedInACell` nodes or
    /// more is written into its cell as it is made, not held whole first: the cell is the same as a small one's (quoted
    /// when it holds a quote or the delimiter, quotes doubled), into a buffer that grows and one
    /// that spills every few kilobytes.
    @Test func aHugeArrayOrObjectInACellIsWrittenAsASmallOneIs() throws {
        let count = CSVWriter.nodesStreamedInACell + 10
        let numbers = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
        let strings = "[" + (0..<count).map { "\"q\\\"\($0)\"" }.joined(separator: ",") + "]"
        let nested = "[[" + (0..<count).map(String.init).joined(separator: ",") + "]]"
        let object = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        for (value, dialect, quoted) in [
            (numbers, CSVDialect.csv, true), (numbers, .tsv, false), (strings, .csv, true), (strings, .tsv, true),
            (nested, .csv, true), (object, .tsv, true),
        ] {
            let line = "{\"id\":1,\"v\":\(value),\"w\":2}\n"
            let reader = RecordReader(source: InMemoryByteSource(line), options: RecordReaderOptions(framing: .jsonl))
            let batch = try #require(try reader.nextBatch())
            // compact JSON already
            let cell = quoted ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
            let separator = dialect == .tsv ? "\t" : ","
            let expected = "id\(separator)v\(separator)w\n1\(separator)\(cell)\(separator)2\n"
            for capacity in [nil, 4096] {
                let buffer = OutputBuffer(capacity: capacity ?? 1 << 20)
                var spilled: [UInt8] = []
                if capacity != nil { buffer.spillWhenFull(to: OutputSpill { spilled.append(contentsOf: $0) }) }
                // An object is flattened into columns, unless a chosen column names it whole.
                let writer = CSVWriter(
                    dialect: dialect, columns: value == object ? ["id", "v", "w"] : nil, output: buffer)
                writer.write(batch)
                writer.finish()
                buffer.withUnsafeBytes { spilled.append(contentsOf: $0) }
                let written = String(decoding: spilled, as: UTF8.self)
                #expect(
                    written == expected,
                    "\(value.prefix(20))… as \(dialect), capacity \(capacity.map(String.init) ?? "growing"): \(written.prefix(60))…"
                )
            }
        }
    }

    /// A name or cell starting with U+FEFF is quoted: first in the file, unquoted, it would read
    /// back as a byte-order mark and vanish (found by the csv-reader fuzz target).
    @Test func aLeadingZeroWidthNoBreakSpaceIsQuotedAndReadsBack() throws {
        let out = try writeCSV("{\"\u{FEFF}\":\"\u{FEFF}x\",\"b\":\"y\u{FEFF}\"}\n")
        #expect(out == "\"\u{FEFF}\",b\n\"\u{FEFF}x\",y\u{FEFF}\n")
        #expect(try readCSV(out) == ["{\"\u{FEFF}\":\"\u{FEFF}x\",\"b\":\"y\u{FEFF}\"}"])
    }
}
