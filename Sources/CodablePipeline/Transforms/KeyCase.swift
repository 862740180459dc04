import CodableParsing
import Foundation

/// `--keys snake_case|camelCase`: rewrites every object key exactly as `JSONEncoder`'s
/// `.convertToSnakeCase` (`snake_case`) or `JSONDecoder`'s `.convertFromSnakeCase`
/// (`camelCase`) would: the conversion is done by Foundation itself, once per distinct key
/// (among the first 4 096; the others each time they come).
public final class KeyCase {
    /// The two conversions.
    public enum Style: String, Sendable, CaseIterable {
        case snakeCase = "snake_case"
        case camelCase = "camelCase"
    }

    private let style: Style
    /// Conversions already made, up to `cacheLimit` of them: records share their keys, but a
    /// record of a million distinct keys would otherwise hold each twice more.
    private var cache: [[UInt8]: [UInt8]] = [:]
    static let cacheLimit = 4096

    /// Creates a converter.
    public init(_ style: Style) {
        self.style = style
    }

    /// The converted key; nil when it stays as it is.
    func convert(_ key: [UInt8]) -> [UInt8]? {
        if let known = cache[key] { return known == key ? nil : known }
        let converted = Array(Self.foundationConversion(String(decoding: key, as: UTF8.self), style).utf8)
        if cache.count < Self.cacheLimit { cache[key] = converted }
        return converted == key ? nil : converted
    }

    /// What Foundation makes of a key.
    static func foundationConversion(_ key: String, _ style: Style) -> String {
        switch style {
        case .snakeCase:
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            guard let data = try? encoder.encode(OneKey(name: key)),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Int],
                let converted = object.keys.first
            else { return key }
            return converted
        case .camelCase:
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let quoted = JSONString.quoted(utf8: Array(key.utf8))
            let json = Data(([UInt8(ascii: "{")] + quoted + Array(":0}".utf8)))
            return (try? decoder.decode(KeyNames.self, from: json))?.names.first ?? key
        }
    }

    /// Encodes one member named `name`, so the encoder's key strategy applies to it.
    private struct OneKey: Encodable {
        let name: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(0, forKey: AnyKey(stringValue: name))
        }
    }

    /// The keys a decoder reports (after its key strategy).
    private struct KeyNames: Decodable {
        let names: [String]
        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
