import CodableDecoding
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
@Suite struct ParityTests {
    static let cases = ParityCorpus.all

    @Test func theCorpusIsLarge() {
        #expect(Self.cases.count >= 300)
    }

    @Test(arguments: cases)
    func sameAsFoundation(_ parity: ParityCase) throws {
        let theirs = parity.model.foundation(parity.json, parity.options)
        let ours = try ParityRunner.codable(parity.model.root, parity.json, parity.options)
        switch (theirs, ours) {
        case (.output(let expected), .output(let actual)):
            if expected != actual, let sameValue = parity.model.sameValue {
                #expect(sameValue(actual, parity.json, parity.options), "\(actual) decodes to another value than \(expected)")
            } else {
                #expect(actual == expected)
            }
        case (.failure(let kind, let path, let message), .failure(let ourKind, let ourPath, let ourMessage)):
            #expect(ourKind == kind, "\(ours) vs Foundation's \(theirs)")
            if path.isEmpty && message == "The given data was not valid JSON." && kind == "dataCorrupted" {
                #expect(ourMessage.hasPrefix("Parsed JSON number <") && ourMessage.contains("> does not fit in "), "\(ours)")
            } else {
                #expect(ourPath == path, "\(ours) vs Foundation's \(theirs)")
                #expect(ourMessage == message, "\(ours) vs Foundation's \(theirs)")
            }
        default:
            Issue.record("codable: \(ours); Foundation: \(theirs)")
        }
    }
}
