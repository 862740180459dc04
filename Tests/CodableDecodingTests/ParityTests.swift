import CodableDecoding
import CodableModels
import CodableParsing
import Foundation
import Testing

/// codable's decoder against the real `JSONDecoder` + `JSONEncoder` (sorted keys, unescaped
/// slashes, the same strategies) on the generated corpus: the same output bytes, or the same
/// error kind, coding path and message.
///
/// One documented difference: swift-foundation on Linux (Swift 6.3) reports a number that does
/// not fit its type (`300` for `Int8`, `1.5` for `Int`, `1e400` for `Double`, `1e39` for
/// `Float`, `1e200` for `Decimal`) as `dataCorrupted` at the empty coding path with "The given
/// data was not valid JSON.". codable reports the same kind with the value's real path and the
/// message Foundation's own decoder source writes for it (`Parsed JSON number <300> does not
/// fit in Int8.`).
///
/// A `Decimal` given a string, a bool or a container is a `typeMismatch` with an empty message
/// in Foundation; codable gives the same kind and path with the words Foundation uses for every
/// other number type ("Expected to decode Decimal but found a string instead.").
///
/// A date string that `.iso8601` or a `format:` pattern rejects is reported by
/// Foundation at the path of the object holding the date (`$[4]`); codable adds the key
/// (`$[4].published_on`). Everything else matches exactly, including Foundation's own
/// surprises, which codable copies:
/// - `null` for a `Bool` is a `typeMismatch` ("Expected to decode Bool but found null
///   instead."), while `null` for other scalars is a `valueNotFound`;
/// - an object with a repeated key keeps the first value (for structs and `[String: V]`), but
///   `[Int: V]` assigns keys that differ in text and not in value (`"1"`, `"01"`) in hash
///   order, so which wins is not deterministic in Foundation (not in the corpus; codable keeps
///   the last);
/// - a tagged enum ignores keys that name no case (`{"circle": {…}, "bad": {}}` decodes), and
///   its error for zero or several known keys is a `typeMismatch` of the enum;
/// - `JSONEncoder` escapes `/` as `\/` unless `.withoutEscapingSlashes`: codable never does
///   (the corpus encoder sets it);
/// - `Set` and non-`String`/`Int`-keyed dictionaries are written in hash order by Foundation:
///   those models are compared by value.
@Suite struct ParityTests {
    static let cases = ParityCorpus.all

    @Test func theCorpusIsLarge() {
        #expect(Self.cases.count >= 300)
    }

    /// With the models read from `ParityTypes.swift` by `SwiftModelReader`.
    @Test(arguments: cases)
    func sameAsFoundation(_ parity: ParityCase) throws {
        try check(parity, models: try ParityModels.fromSource.get())
    }

    /// With the same models built by hand as IR (the decoder alone, independent of the reader).
    @Test(arguments: cases)
    func sameAsFoundationWithHandBuiltModels(_ parity: ParityCase) throws {
        try check(parity, models: ParityModels.set)
    }

    /// Every case again, keys sorted and not, into a buffer of 64 bytes that moves each record's
    /// bytes to a file as soon as it grows (`OutputOverflow`, as `decode` does past 256 KiB): the
    /// same bytes as in memory, and none left for a record that failed. `Set`s, keyed arrays and
    /// structures whose members are sorted, which read back what they wrote, hold theirs in memory.
    @Test(arguments: [true, false])
    func theSameOutputWhenEveryRecordOverflowsToAFile(sortKeys: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parity-overflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let overflow = OutputOverflow(directory: directory.path, recordBytesKept: 1)
        let filler = [UInt8](repeating: UInt8(ascii: "["), count: 63)  // the record's first bytes make it grow
        var overflowed = 0
        var decoded = 0
        for parity in Self.cases {
            var options = parity.options.decodingOptions
            options.writer.sortKeys = sortKeys
            let decoder = try RecordDecoder(models: ParityModels.set, root: parity.model.root, options: options)
            let record = try ParityRunner.record(parity.json)
            let inMemory = OutputBuffer()
            let expected: [UInt8]? = (try? decoder.decode(record, to: inMemory)).map {
                inMemory.withUnsafeBytes { Array($0) }
            }
            let output = OutputBuffer(capacity: 64)
            output.overflow(into: overflow)
            output.append(repeating: UInt8(ascii: "["), count: filler.count)
            var written: [UInt8] = []
            let succeeded = (try? decoder.decode(record, to: output)) != nil
            if succeeded && overflow.byteCount > 0 { overflowed += 1 }
            try output.forEachPiece { written.append(contentsOf: $0) }
            output.removeAll()
            if let expected {
                decoded += 1
                #expect(succeeded && written == filler + expected, "\(parity.json)")
            } else {
                #expect(!succeeded && written == filler, "\(parity.json): a failed record left bytes")
            }
        }
        #expect(
            overflowed > decoded * (sortKeys ? 1 : 9) / 10,
            "only \(overflowed) of \(decoded) records moved bytes to the file")
    }

    private func check(_ parity: ParityCase, models: ModelSet) throws {
        let theirs = parity.model.foundation(parity.json, parity.options)
        let ours = try ParityRunner.codable(parity.model.root, parity.json, parity.options, models: models)
        switch (theirs, ours) {
        case (.output(let expected), .output(let actual)):
            if expected != actual, let sameValue = parity.model.sameValue {
                #expect(
                    sameValue(actual, parity.json, parity.options),
                    "\(actual) decodes to another value than \(expected)")
            } else {
                #expect(actual == expected)
            }
        case (.failure(let kind, let path, let message), .failure(let ourKind, let ourPath, let ourMessage)):
            #expect(ourKind == kind, "\(ours) vs Foundation's \(theirs)")
            if path.isEmpty && message == "The given data was not valid JSON." && kind == "dataCorrupted" {
                #expect(
                    ourMessage.hasPrefix("Parsed JSON number <") && ourMessage.contains("> does not fit in "), "\(ours)"
                )
            } else if kind == "typeMismatch" && message.isEmpty {
                #expect(ourPath == path, "\(ours) vs Foundation's \(theirs)")
                #expect(
                    ourMessage.hasPrefix("Expected to decode Decimal but found ") && ourMessage.hasSuffix(" instead."),
                    "\(ours)")
            } else if kind == "dataCorrupted"
                && (message.hasPrefix("Expected date string") || message.hasPrefix("Date string does not match"))
            {
                #expect(
                    ourPath.count == path.count + 1 && Array(ourPath.prefix(path.count)) == path,
                    "\(ours) vs Foundation's \(theirs)")
                #expect(ourMessage == message, "\(ours) vs Foundation's \(theirs)")
            } else {
                #expect(ourPath == path, "\(ours) vs Foundation's \(theirs)")
                #expect(ourMessage == message, "\(ours) vs Foundation's \(theirs)")
            }
        default:
            Issue.record("codable: \(ours); Foundation: \(theirs)")
        }
    }
}
