import CodableDates
import Foundation

/// Every date strategy on any value, against Foundation where it is the reference.
///
/// The input is read as a JSON string's content and as a JSON number's text. Invariants: every
/// strategy either decodes or throws (no trap); an instant decoded by `iso8601` is the one
/// Foundation's `JSONDecoder` (`.iso8601`) gives, and Foundation rejects what codable rejects;
/// what `iso8601` writes reads back as the same instant (but for years before 0, which Foundation
/// writes with a sign and does not read); the in-place paths agree with the
/// `String` paths; strategy names and time zones parse or throw.
enum DateStrategyTarget {
    static let target = FuzzTarget(
        name: "dates",
        summary:
            "DateCodec decode/encode with reference, seconds, milliseconds, iso8601, format: and auto; iso8601 differential against JSONDecoder",
        seedFolders: ["Samples/dates", "Tests/Fixtures"],
        run: run)

    static let codecs: [DateCodec] = [
        DateCodec(.reference), DateCodec(.seconds), DateCodec(.milliseconds), DateCodec(.iso8601), DateCodec(.auto),
        DateCodec(.format(DateFormatPattern("yyyy-MM-dd'T'HH:mm:ssZZZZZ"))),
        DateCodec(
            .format(DateFormatPattern("EEE, dd MMM yyyy HH:mm:ss zzz", timeZone: TimeZone(identifier: "Europe/Paris")!))
        ),
    ]

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count <= 256 else { return }  // dates are short; long inputs only slow the search
        let text = String(decoding: input, as: UTF8.self)
        _ = try? DateStrategy(parsing: text)
        _ = try? DateFormatPattern.timeZone(parsing: text)
        for codec in codecs {
            for value in [DateJSONValue.string(text), .number(text)] {
                guard let decoded = try? codec.decode(value) else { continue }
                for output in codecs {
                    var bytes: [UInt8] = []
                    let written = try? output.encode(decoded.date)
                    let inPlace: Void? = try? output.encode(decoded.date, appendingTo: &bytes)
                    require(
                        (written == nil) == (inPlace == nil) && (written.map { Array($0.utf8) } ?? bytes) == bytes,
                        "\(output.strategy.name) writes \(String(describing: written)) and in place \(bytes)")
                }
            }
        }
        checkISO8601(text, input)
    }

    /// codable's ISO-8601 parser against Foundation's, and the written form's round trip.
    static func checkISO8601(_ text: String, _ input: UnsafeBufferPointer<UInt8>) {
        let ours = ISO8601Parser.parse(text)
        let inPlace = ISO8601Parser.parseInterval(input)
        require(ours?.timeIntervalSinceReferenceDate == inPlace, "String and byte parsers disagree on \(text)")
        guard String(validating: input, as: UTF8.self) != nil,
            !text.contains("\"") && !text.contains("\\") && !text.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return }
        let foundation = foundationISO8601(text)
        require(
            ours == foundation,
            "\(text): codable \(String(describing: ours?.timeIntervalSinceReferenceDate)), Foundation \(String(describing: foundation?.timeIntervalSinceReferenceDate))"
        )
        // An instant before year 0 is written with a sign (`-0001-12-31T19:00:00Z`), as
        // JSONEncoder writes it, and JSONDecoder reads no signed year: Foundation's own
        // `.iso8601` does not round-trip those, so neither does codable (docs/dates.md).
        if let ours, let written = ISO8601Formatter.string(from: ours), !written.hasPrefix("-") {
            require(ISO8601Parser.parse(written) == ours, "\(text) written as \(written) does not read back")
        }
    }

    static func foundationISO8601(_ text: String) -> Date? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8)).first
    }
}
