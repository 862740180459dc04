import CodableParsing

/// The CSV and TSV reader and writer.
///
/// Invariants: any bytes read as records or give a located error (no trap); reading in one
/// piece and in small pieces gives the same records, with every value at the same place, or the
/// same error; every value of a row read without a header is placed at the start of a field
/// (a cell is found again by scanning its row: `CSVRowPlaces`); records the reader
/// accepts, written as CSV/TSV by the writer, read back as the same records (cells are typed so
/// that strings that look like numbers stay strings).
enum CSVReaderTarget {
    static let target = FuzzTarget(
        name: "csv-reader",
        summary:
            "CSVReader (csv or tsv, with or without a header) whole and in small pieces, every value placed alike and at a field start; CSVWriter output reads back as the same records",
        seedFolders: ["Samples", "Tests/Fixtures"],
        configurations: readings.map { "\($0.dialect)\($0.hasHeader ? " with a header" : "")" },
        check: run)

    /// The ways an input is read, one a configuration: each dialect, with and without a header.
    static let readings: [(dialect: CSVDialect, hasHeader: Bool)] = CSVDialect.allCases.flatMap { dialect in
        [true, false].map { (dialect, $0) }
    }

    static func run(_ input: UnsafeBufferPointer<UInt8>, configuration: Int) {
        let bytes = Array(input)
        let (dialect, hasHeader) = readings[configuration]
        let options = CSVReaderOptions(dialect: dialect, hasHeader: hasHeader, chunkSize: 64)
        let whole = read(bytes, options: options, pieceSize: .max)
        let pieces = read(bytes, options: options, pieceSize: 1 + bytes.count % 7)
        require(
            whole.records == pieces.records && whole.error == pieces.error,
            "\(dialect) header \(hasHeader): whole \(whole) != pieces \(pieces)")
        require(
            whole.locations == pieces.locations && whole.nodeOffsets == pieces.nodeOffsets,
            "\(dialect) header \(hasHeader): placed whole \(whole.locations) != in pieces \(pieces.locations)")
        if !hasHeader {
            for offset in whole.nodeOffsets {
                require(
                    startsField(at: offset, in: bytes, delimiter: dialect.delimiter),
                    "\(dialect): a value placed at \(offset), not at a field's start")
            }
        }
        guard whole.error == nil, !whole.records.isEmpty, !whole.written.isEmpty else { return }
        let again = read(whole.written, options: options, pieceSize: .max, locating: false)
        require(
            again.records == whole.records && again.error == nil,
            "\(dialect): written \(String(decoding: whole.written, as: UTF8.self)) reads back as \(again), not \(whole.records)"
        )
    }

    /// Whether a field starts at `offset`: the input's start (past a byte order mark), or just
    /// after a delimiter or a line break.
    static func startsField(at offset: Int, in bytes: [UInt8], delimiter: UInt8) -> Bool {
        let first = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard offset > first else { return offset == first }
        guard offset <= bytes.count else { return false }
        let before = bytes[offset - 1]
        return before == delimiter || before == 0x0A || before == 0x0D
    }

    static func read(_ bytes: [UInt8], options: CSVReaderOptions, pieceSize: Int, locating: Bool = true) -> ReadOutcome
    {
        // not the default 256 KiB: a big buffer per read costs more than the read
        let writer = CSVWriter(dialect: options.dialect, output: OutputBuffer(capacity: 4096))
        var outcome = ReadOutcome(
            reading: CSVReader(source: InMemoryByteSource(bytes, pieceSize: pieceSize), options: options),
            writingTo: writer, locating: locating)
        // A record the writer could not write (or a field it dropped) ends the round trip.
        if !writer.takeIssues().isEmpty { outcome.written = [] }
        return outcome
    }
}
