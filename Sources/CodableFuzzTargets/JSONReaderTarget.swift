import CodableParsing
import CodablePipeline
import Dispatch

/// The JSON reader in every framing, and the writer behind it.
///
/// Invariants: reading in one piece and in small pieces (records split across refills, and every
/// value's blocks of alike scalars folded past its first few nodes, not past 4 096) gives the
/// same records, every value placed at the same input offset, line and column, or the same error at
/// the same place; every value is placed at its token's first byte; every record the reader
/// accepts, written compactly, reads back as itself (the writer's output is valid JSON and a fixed
/// point); JSON Lines cut into chunks and scanned on worker tasks (as the CLI reads `.jsonl` files)
/// give the same records, numbered the same, or the same error at the same place. Records taken
/// from an array inside each value as they are read (`--items items`) are the same, read whole or
/// in pieces, and are that array's elements when the input is one JSON text that holds it.
enum JSONReaderTarget {
    static let target = FuzzTarget(
        name: "json-reader",
        summary:
            "RecordReader in each framing (sniffed, json, jsonl, json-seq, json-stream) or with --items, read whole and in 1-7 byte pieces (folding past 1-32 nodes), every value placed alike; JSON Lines in chunks on worker tasks; --items read as it comes; JSONWriter round trip",
        seedFolders: ["Samples", "Tests/Fixtures", "../shared/conformance/JSONTestSuite/test_parsing"],
        configurations: framings.map { $0?.rawValue ?? "sniffed" } + ["items"],
        check: run)

    /// The framings read, one a configuration (nil: sniffed); the configuration after them is
    /// `--items`.
    static let framings: [InputFraming?] = [nil] + InputFraming.allCases.map(Optional.some)

    static func run(_ input: UnsafeBufferPointer<UInt8>, configuration: Int) {
        let bytes = Array(input)
        let pieceSize = 1 + bytes.count % 7
        let wholeChunk = wholeChunkSize(bytes)
        guard configuration < framings.count else {
            checkItems(bytes, pieceSize: pieceSize, wholeChunk: wholeChunk)
            return
        }
        let framing = framings[configuration]
        let whole = read(bytes, framing: framing, pieceSize: .max, chunkSize: wholeChunk)
        let pieces = read(
            bytes, framing: framing, pieceSize: pieceSize, chunkSize: 16, nodesBeforeFolding: foldingThreshold(bytes))
        require(whole == pieces, "\(framing?.rawValue ?? "sniffed"): whole \(whole) != pieces \(pieces)")
        for (offset, first) in zip(whole.nodeOffsets, whole.tokenStarts) {
            require(
                offset < bytes.count && bytes[offset] == first,
                "\(framing?.rawValue ?? "sniffed"): a value starting \(first) placed at \(offset)")
        }
        if framing == .jsonl {
            let chunked = readInChunks(bytes, chunkSize: 16 + bytes.count % 48)
            require(chunked == whole, "jsonl: whole \(whole) != in chunks \(chunked)")
        }
        for record in whole.records {
            let written = Array(record.utf8)
            let again = read(written, framing: .jsonStream, pieceSize: .max, chunkSize: wholeChunkSize(written))
            require(again.records == [record] && again.error == nil, "written record \(record) reads back as \(again)")
        }
    }

    /// `--items items`, read as the records come: the same whole and in pieces, and, for one
    /// JSON text, the elements of its first `items` array.
    static func checkItems(_ bytes: [UInt8], pieceSize: Int, wholeChunk: Int) {
        let items = ItemsKeyPath(keys: ["items"], text: "items")
        let streamed = read(bytes, framing: nil, pieceSize: .max, chunkSize: wholeChunk, items: items)
        let pieces = read(
            bytes, framing: nil, pieceSize: pieceSize, chunkSize: 16, items: items,
            nodesBeforeFolding: foldingThreshold(bytes))
        require(streamed == pieces, "--items: whole \(streamed) != pieces \(pieces)")
        let single = read(bytes, framing: .json, pieceSize: .max, chunkSize: wholeChunk, items: items)
        let reader = RecordReader(
            source: InMemoryByteSource(bytes),
            options: RecordReaderOptions(framing: .json, maxDepth: 64, chunkSize: wholeChunk))
        var atEnd = false
        guard let batch = try? reader.nextBatch(), batch.count == 1, !batch.fromTopLevelArray else { return }
        do { atEnd = try reader.nextBatch() == nil } catch {}
        guard atEnd, let array = try? FieldPath(parsing: "items").matches(in: batch[0]).first,
            batch.nodes[array].kind == .array
        else { return }
        let expected = ReadOutcome(
            reading: OneBatch(batch.elements(ofArray: array, inRecord: 0, firstRecordIndex: 0, sourceName: nil)))
        require(
            single.records == expected.records && single.error == nil,
            "--items: as read \(single) != whole value's array \(expected)")
    }

    /// A reader that hands on one batch.
    final class OneBatch: RecordBatchReader {
        private var batch: RecordBatch?
        init(_ batch: RecordBatch) { self.batch = batch }
        func nextBatch() throws(RecordReadError) -> RecordBatch? {
            defer { batch = nil }
            return batch
        }
    }

    /// Reads JSON Lines through `RecordStream(linesFrom:)`, three chunks at a time, and waits.
    static func readInChunks(_ bytes: [UInt8], chunkSize: Int) -> ReadOutcome {
        final class Result: @unchecked Sendable { var outcome = ReadOutcome() }  // written before `done` is signalled
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        Task {
            let options = RecordReaderOptions(
                framing: .jsonl, maxDepth: 64, chunkSize: chunkSize, nodesBeforeFolding: foldingThreshold(bytes))
            do throws(RecordReadError) {
                for try await batch in RecordStream(
                    linesFrom: InMemoryByteSource(bytes, pieceSize: 1 + bytes.count % 5), options: options, workers: 3)
                {
                    result.outcome.append(batch)
                }
            } catch {
                result.outcome.stop(error)
            }
            done.signal()
        }
        done.wait()
        return result.outcome
    }

    /// A chunk that holds all of `bytes` in one read, and no more: the reader's default (1 MiB)
    /// allocated for every read would cost more than the read.
    static func wholeChunkSize(_ bytes: [UInt8]) -> Int { max(16, bytes.count + 1) }

    /// How many of a value's nodes the reads in pieces and in chunks scan before folding its
    /// blocks: a few, so that inputs of a few KB fold (the whole reads fold none).
    static func foldingThreshold(_ bytes: [UInt8]) -> Int { 1 + bytes.count % 32 }

    static func read(
        _ bytes: [UInt8], framing: InputFraming?, pieceSize: Int, chunkSize: Int, items: ItemsKeyPath? = nil,
        nodesBeforeFolding: Int = NodeBuffer.nodesBeforeFolding
    ) -> ReadOutcome {
        ReadOutcome(
            reading: RecordReader(
                source: InMemoryByteSource(bytes, pieceSize: pieceSize),
                options: RecordReaderOptions(
                    framing: framing, maxDepth: 64, chunkSize: chunkSize, items: items,
                    nodesBeforeFolding: nodesBeforeFolding)))
    }
}
