import CodableDates
import Foundation

/// Runs the real `JSONDecoder`/`JSONEncoder` on one date value, for parity checks.
enum FoundationReference {
    private struct Box: Codable { var d: Date }

    /// What `JSONDecoder` makes of `{"d": json}`: the instant, or the error's debug description.
    static func decode(json: String, _ strategy: JSONDecoder.DateDecodingStrategy) -> Result<Double, Failure> {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        do {
            let box = try decoder.decode(Box.self, from: Data("{\"d\":\(json)}".utf8))
            return .success(box.d.timeIntervalSinceReferenceDate)
        } catch let DecodingError.typeMismatch(_, context) {
            return .failure(Failure(typeMismatch: true, message: context.debugDescription))
        } catch let DecodingError.dataCorrupted(context) {
            return .failure(Failure(typeMismatch: false, message: context.debugDescription))
        } catch {
            return .failure(Failure(typeMismatch: false, message: "\(error)"))
        }
    }

    /// What `JSONEncoder` writes for the date, without the `{"d":…}` wrapper; nil if it throws.
    /// With `.withoutEscapingSlashes`, as `codable` never writes `\/`.
    static func encode(_ date: Date, _ strategy: JSONEncoder.DateEncodingStrategy) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = strategy
        guard let data = try? encoder.encode(Box(d: date)) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst(5).dropLast())
    }

    /// A `DecodingError`, reduced to what `DateDecodingError` must agree with.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var typeMismatch: Bool
        var message: String
        var description: String { "\(typeMismatch ? "typeMismatch" : "dataCorrupted"): \(message)" }
    }

    /// The JSON text for a `DateJSONValue` (strings are quoted with JSON escapes).
    static func json(_ value: DateJSONValue) -> String {
        switch value {
        case .number(let text): text
        case .string(let text):
            String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        }
    }

    /// Compares `codable`'s decoding with Foundation's; nil when they agree (same instant to the
    /// bit, or the same error kind and message), else a description of the difference.
    static func mismatch(
        _ codec: DateCodec, _ value: DateJSONValue,
        _ strategy: JSONDecoder.DateDecodingStrategy
    ) -> String? {
        let expected = decode(json: json(value), strategy)
        let actual: Result<Double, Failure>
        do {
            actual = .success(try codec.decode(value).date.timeIntervalSinceReferenceDate)
        } catch {
            actual = .failure(Failure(typeMismatch: error.isTypeMismatch, message: error.description))
        }
        switch (expected, actual) {
        case (.success(let a), .success(let b)) where a == b || (a.isNaN && b.isNaN): return nil
        case (.failure(let a), .failure(let b)) where a == b: return nil
        default: return "\(value): Foundation \(expected), codable \(actual)"
        }
    }
}

/// SplitMix64: a small deterministic generator so generated cases are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
