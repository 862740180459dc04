import CodableParsing
import Foundation
import Testing

/// The reader and writer against Foundation's `JSONSerialization`: random documents written by
/// one are read by the other as the same value, and both accept and reject the same texts,
/// except where RFC 8259 and Foundation disagree (listed in `knownDisagreements`).
@Suite struct FoundationDifferentialTests {
    /// Where Foundation on Linux and RFC 8259 part ways (codable follows the RFC), or the texts
    /// where a disagreement is one of these: nil when the two must agree.
    ///  - A trailing comma (`[1,]`, `{"a":1,}`): Foundation accepts it; RFC 8259 forbids it.
    ///  - A number beyond `Double`'s range (`1e400`): Foundation refuses it; RFC 8259 allows any
    ///    number, and codable keeps its text exactly (a typed field says when it does not fit).
    ///  - UTF-16 or UTF-32 text: Foundation detects the encoding; RFC 8259 requires UTF-8.
    static func knownDisagreement(_ bytes: [UInt8], foundationAccepts: Bool) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if foundationAccepts, text.contains(/,\s*[\]}]/) { return "trailing comma" }
        if foundationAccepts, String(validating: bytes, as: UTF8.self) == nil || bytes.contains(0) {
            return "not UTF-8"
        }
        if !foundationAccepts,
            text.matches(of: /-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/).contains(where: {
                Double($0.output.0)?.isInfinite == true
            })
        {
            return "number beyond Double"
        }
        return nil
    }

    @Test func randomDocumentsRoundTripThroughFoundation() throws {
        var generator = SeededRandom(seed: 8259)
        for _ in 0..<3000 {
            let text = RandomJSON.document(using: &generator)
            let ours = try readRecords(text, framing: .jsonStream)
            #expect(ours.count == 1, "\(text)")
            guard let written = ours.first else { continue }
            let foundationOriginal = try JSONSerialization.jsonObject(
                with: Data(text.utf8), options: [.fragmentsAllowed])
            let foundationWritten = try JSONSerialization.jsonObject(
                with: Data(written.utf8), options: [.fragmentsAllowed])
            #expect(
                try canonical(foundationOriginal) == canonical(foundationWritten), "\(text) was written as \(written)")
            // Foundation's own output, read and written by codable, is the same value to Foundation.
            let reserialized = try JSONSerialization.data(
                withJSONObject: foundationOriginal, options: [.fragmentsAllowed])
            let again = try readRecords(Array(reserialized), framing: .jsonStream)
            let foundationReserialized = try JSONSerialization.jsonObject(
                with: reserialized, options: [.fragmentsAllowed])
            let foundationAgain = try JSONSerialization.jsonObject(
                with: Data(again[0].utf8), options: [.fragmentsAllowed])
            #expect(
                try canonical(foundationReserialized) == canonical(foundationAgain),
                "\(String(decoding: reserialized, as: UTF8.self))")
        }
    }

    /// Foundation's sorted-keys serialization of a value: equal values, equal bytes.
    func canonical(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    @Test func randomTextsAreAcceptedAndRejectedAlike() throws {
        var generator = SeededRandom(seed: 7159)
        for _ in 0..<3000 {
            var bytes = Array(RandomJSON.document(using: &generator).utf8)
            // Break one document in three: drop, duplicate or replace a byte.
            if Int.random(in: 0..<3, using: &generator) == 0, !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = Array("{}[]\",:0-.eE \\tfnu".utf8).randomElement(using: &generator)!
                }
            }
            let ours = (try? readRecords(bytes, framing: .json)) != nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            #expect(
                ours == foundation || Self.knownDisagreement(bytes, foundationAccepts: foundation) != nil,
                "codable \(ours ? "accepts" : "rejects"), Foundation \(foundation ? "accepts" : "rejects"): \(String(decoding: bytes, as: UTF8.self))"
            )
        }
    }

    @Test func suiteDocumentsAreAcceptedAndRejectedAlike() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../shared/conformance/JSONTestSuite/test_parsing"
        ).standardized
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            print("FoundationDifferentialTests: ../shared/conformance/JSONTestSuite is absent; skipped")
            return
        }
        var disagreements: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            guard bytes.count < 100_000 else { continue }
            let ours = (try? readRecords(bytes, framing: .json)) != nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            if ours != foundation && Self.knownDisagreement(bytes, foundationAccepts: foundation) == nil {
                disagreements.append(
                    "\(name): codable \(ours ? "accepts" : "rejects"), Foundation \(foundation ? "accepts" : "rejects")"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}

/// Random JSON texts: nested values, escapes, non-ASCII, numbers of every shape (within
/// `Double`'s range, which Foundation needs).
enum RandomJSON {
    static func document<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var text = ""
        value(depth: 0, into: &text, using: &generator)
        return text
    }

    static func value<G: RandomNumberGenerator>(depth: Int, into text: inout String, using generator: inout G) {
        let choice = Int.random(in: 0..<(depth > 4 ? 6 : 8), using: &generator)
        switch choice {
        case 0: text += "null"
        case 1: text += Bool.random(using: &generator) ? "true" : "false"
        case 2, 3: text += number(using: &generator)
        case 4, 5: text += string(using: &generator)
        case 6:
            text += "["
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                if index > 0 { text += Bool.random(using: &generator) ? "," : " , " }
                value(depth: depth + 1, into: &text, using: &generator)
            }
            text += "]"
        default:
            text += "{"
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                if index > 0 { text += "," }
                text += string(using: &generator) + (Bool.random(using: &generator) ? ":" : " : ")
                value(depth: depth + 1, into: &text, using: &generator)
            }
            text += "}"
        }
    }

    static func number<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        text +=
            Int.random(in: 0..<4, using: &generator) == 0
            ? "0" : String(Int.random(in: 1...Int.max, using: &generator) >> Int.random(in: 0..<62, using: &generator))
        if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0..<1_000_000, using: &generator)) }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            text +=
                ["e", "E", "e+", "e-", "E-"].randomElement(using: &generator)!
                + String(Int.random(in: 0..<280, using: &generator))
        }
        return text
    }

    static func string<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let pieces = [
            "a", "Z", " ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\t", "\\u0000",
            "x y",
        ]
        var text = "\""
        for _ in 0..<Int.random(in: 0...6, using: &generator) { text += pieces.randomElement(using: &generator)! }
        return text + "\""
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
