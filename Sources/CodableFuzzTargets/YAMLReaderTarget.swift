import CodableParsing
import CodableYAML

/// The YAML reader (libyaml events to the record tape) and the YAML writer.
///
/// Invariants: any bytes read as records or give a located error (no trap, bounded alias
/// expansion); reading in one piece, parsed on the reading thread, and in small pieces, parsed
/// on a thread of its own (YAML 1.2) or on the reading thread (1.1), gives the same records, each
/// value at the same place, or an error both ways; a string is placed where its value, its
/// quote, a block scalar's indicator or its anchor, tag or alias is (UTF-8 input); when the
/// scan before parsing finds one document at most, handing a root
/// sequence's items on as they come (in small batches) gives the same records and error as
/// holding it; every batch of records the reader accepts, written as YAML, reads back as the
/// same records.
enum YAMLReaderTarget {
    static let target = FuzzTarget(
        name: "yaml-reader",
        summary:
            "YAMLRecordReader (1.2 or 1.1) whole and in small pieces, every value placed alike; YAMLRecordWriter output reads back as the same records",
        seedFolders: ["Samples", "Tests/Fixtures"],
        configurations: versions.map { "YAML \($0.rawValue)" },
        check: run)

    /// The versions an input is read as, one a configuration.
    static let versions: [YAMLVersion] = [.v1_2, .v1_1]

    static func run(_ input: UnsafeBufferPointer<UInt8>, configuration: Int) {
        let bytes = Array(input)
        let version = versions[configuration]
        // Parsing on a thread of its own costs a thread per read, and the version does not
        // change how events are handed over: only YAML 1.2's read in pieces starts one.
        var options = YAMLReaderOptions(
            version: version, maxDepth: 64, maxAliasNodes: 10_000, parsesInBackground: false)
        let whole = read(bytes, options: options, pieceSize: .max)
        options.parsesInBackground = version == .v1_2
        let pieces = read(bytes, options: options, pieceSize: 1 + bytes.count % 5)
        options.parsesInBackground = false
        // libyaml checks encoding a buffer ahead of parsing, so which of two errors comes
        // first (and its place) may depend on the read size; that there is one may not.
        require((whole.error == nil) == (pieces.error == nil), "YAML \(version): whole \(whole) != pieces \(pieces)")
        require(
            whole.error != nil || whole.records == pieces.records, "YAML \(version): whole \(whole) != pieces \(pieces)"
        )
        require(
            whole.error != nil || whole.locations == pieces.locations && whole.nodeOffsets == pieces.nodeOffsets,
            "YAML \(version): placed whole \(whole.locations) != in pieces \(pieces.locations)")
        if whole.error == nil, !isUTF16(bytes) {  // offsets count the UTF-8 it is read as
            for (offset, first) in zip(whole.nodeOffsets, whole.stringStarts) {
                guard let first else { continue }
                require(
                    startsScalar(first, at: offset, in: bytes),
                    "YAML \(version): a string starting \(first) placed at \(offset), where \(offset < bytes.count ? bytes[offset] : 0) is"
                )
            }
        }
        var scan = YAMLDocumentCountScan()
        scan.scan(input)
        scan.finish()
        if !scan.mayHoldSeveralDocuments {
            var streaming = options
            streaming.oneDocumentAtMost = { _ in true }
            streaming.batchBytes = 64
            let streamed = read(bytes, options: streaming, pieceSize: .max)
            require(
                streamed.records == whole.records && streamed.error == whole.error,
                "YAML \(version): items handed on as they come \(streamed) != held \(whole)")
            require(
                streamed.locations == whole.locations && streamed.nodeOffsets == whole.nodeOffsets,
                "YAML \(version): items handed on as they come placed \(streamed.locations), held \(whole.locations)")
        }
        guard whole.error == nil, !whole.written.isEmpty else { return }
        let again = read(
            whole.written,
            options: YAMLReaderOptions(version: .v1_2, maxDepth: 128, maxAliasNodes: 10_000, parsesInBackground: false),
            pieceSize: .max, locating: false)
        require(
            again.records == whole.records && again.error == nil,
            "written YAML \(String(decoding: whole.written, as: UTF8.self)) reads back as \(again), not \(whole.records)"
        )
    }

    /// Whether a string whose value starts with `first` may be written at `offset`: that byte, a
    /// quote, a block scalar's indicator, or an anchor, tag or alias before it.
    static func startsScalar(_ first: UInt8, at offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset < bytes.count else { return false }
        return bytes[offset] == first || Array("\"'|>&!*".utf8).contains(bytes[offset])
    }

    /// Input that libyaml reads as UTF-16 (it starts with a UTF-16 byte order mark).
    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
    }

    static func read(_ bytes: [UInt8], options: YAMLReaderOptions, pieceSize: Int, locating: Bool = true) -> ReadOutcome
    {
        ReadOutcome(
            reading: YAMLRecordReader(source: InMemoryByteSource(bytes, pieceSize: pieceSize), options: options),
            // not the default 256 KiB: see CSVReaderTarget
            writingTo: YAMLRecordWriter(output: OutputBuffer(capacity: 4096)), locating: locating)
    }
}
