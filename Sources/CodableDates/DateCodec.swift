import CodableParsing
import Foundation

/// Decodes and encodes dates with one `DateStrategy`, exactly as `JSONDecoder`/`JSONEncoder`
/// would with the matching Foundation strategy. Create one per strategy and reuse it: for
/// `format:` it owns the `DateFormatter`. Safe to share between tasks.
public struct DateCodec: Sendable {
    /// The strategy this codec applies.
    public let strategy: DateStrategy
    private let formatter: LockedDateFormatter?

    /// Creates a codec for `strategy`.
    public init(_ strategy: DateStrategy) {
        self.strategy = strategy
        if case .format(let pattern) = strategy {
            formatter = LockedDateFormatter(pattern.makeFormatter())
        } else {
            formatter = nil
        }
    }

    /// Reads a JSON value as an instant.
    ///
    /// Number strategies take JSON numbers only and string strategies strings only, as
    /// `JSONDecoder` does; `auto` takes both and reports the class it chose in `kind`.
    public func decode(_ value: DateJSONValue) throws(DateDecodingError) -> DecodedDate {
        switch (strategy, value) {
        case (.reference, .number(let text)), (.seconds, .number(let text)),
            (.milliseconds, .number(let text)), (.auto, .number(let text)):
            guard let number = JSONDouble.parse(text) else { throw .invalidNumber(text) }
            let kind: DateKind =
                switch strategy {
                case .seconds: .seconds
                case .milliseconds: .milliseconds
                case .auto: AutoDateClassifier.kind(of: number)
                default: .reference
                }
            return DecodedDate(date: Self.date(number, as: kind), kind: kind)
        case (.reference, .string), (.seconds, .string), (.milliseconds, .string):
            throw .expectedNumber
        case (.iso8601, .string(let text)), (.auto, .string(let text)):
            guard let date = ISO8601Parser.parse(text) else { throw .notISO8601(text) }
            return DecodedDate(date: date, kind: .iso8601)
        case (.format, .string(let text)):
            guard let date = formatter?.date(from: text) else { throw .formatMismatch(text) }
            return DecodedDate(date: date, kind: .format)
        case (.iso8601, .number), (.format, .number):
            throw .expectedString
        }
    }

    /// Reads a JSON string's content (UTF-8, escapes resolved) as an instant. For `iso8601`
    /// and `auto` it parses the bytes in place, with no allocation: the hot path of date
    /// re-encoding and decoding.
    public func decode(stringUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(DateDecodingError) -> DecodedDate {
        switch strategy {
        case .iso8601, .auto:
            guard let interval = ISO8601Parser.parseInterval(bytes) else {
                throw .notISO8601(String(decoding: bytes, as: UTF8.self))
            }
            return DecodedDate(date: Date(timeIntervalSinceReferenceDate: interval), kind: .iso8601)
        default:
            return try decode(.string(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// Appends the JSON text `encode(_:)` returns to `output`; for `iso8601` and `auto` it is
    /// written in place, with no intermediate `String`.
    public func encode(_ date: Date, appendingTo output: inout [UInt8]) throws(DateEncodingError) {
        switch strategy {
        case .iso8601, .auto:
            let t = date.timeIntervalSinceReferenceDate
            guard t.isFinite else { throw .nonFinite(t) }
            guard ISO8601Formatter.supportedIntervals.contains(t) else { throw .outOfRange(t) }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Formatter.maximumLength + 2) { buffer in
                let base = buffer.baseAddress!
                base[0] = UInt8(ascii: "\"")
                let length = ISO8601Formatter.write(interval: t, to: base + 1)
                base[length + 1] = UInt8(ascii: "\"")
                output.append(contentsOf: UnsafeBufferPointer(start: base, count: length + 2))
            }
        default:
            output.append(contentsOf: try encode(date).utf8)
        }
    }

    /// Writes an instant as the JSON text `JSONEncoder` writes with this strategy: a number
    /// (`730976400`, `1709283600.5`) or a quoted string (`"2024-03-01T09:00:00Z"`).
    /// `iso8601` and `auto` keep fractional seconds (`JSONEncoder` drops them).
    public func encode(_ date: Date) throws(DateEncodingError) -> String {
        let t = date.timeIntervalSinceReferenceDate
        switch strategy {
        case .reference, .seconds, .milliseconds:
            let number: Double =
                switch strategy {
                case .seconds: date.timeIntervalSince1970
                case .milliseconds: 1000.0 * date.timeIntervalSince1970
                default: t
                }
            guard let text = JSONDouble.text(number) else { throw .nonFinite(number) }
            return text
        case .iso8601, .auto:
            guard t.isFinite else { throw .nonFinite(t) }
            guard let text = ISO8601Formatter.string(fromInterval: t) else { throw .outOfRange(t) }
            return "\"" + text + "\""
        case .format:
            guard t.isFinite else { throw .nonFinite(t) }
            return Self.quoted(formatter?.string(from: date) ?? "")
        }
    }

    /// The instant a number denotes when read as `kind` (`Date(timeIntervalSince1970:)` etc.).
    public static func date(_ number: Double, as kind: DateKind) -> Date {
        switch kind {
        case .seconds: Date(timeIntervalSince1970: number)
        case .milliseconds: Date(timeIntervalSince1970: number / 1000.0)
        default: Date(timeIntervalSinceReferenceDate: number)
        }
    }

    /// A JSON string literal with the escapes JSON requires (quotes, backslashes and control
    /// characters), as `JSONEncoder` writes it with `.withoutEscapingSlashes`: `codable` never
    /// writes `\/`.
    static func quoted(_ string: String) -> String { JSONString.quoted(string) }
}
