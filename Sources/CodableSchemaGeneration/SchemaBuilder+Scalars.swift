import CodableDates
import CodableModels

/// Numbers, dates and the Foundation value types, as `Walker+Scalars.swift` reads them.
extension SchemaBuilder {
    /// An integer in the type's range (whole numbers written `1.0` or `1e2` are integers too,
    /// for the decoder and for JSON Schema alike).
    static func integer(_ type: IntegerType) -> SchemaValue {
        let minimum: String
        let maximum: String
        if type.isSigned {
            let limit = UInt64(1) << UInt64(type.bitWidth - 1)
            minimum = "-\(limit)"
            maximum = "\(limit - 1)"
        } else {
            minimum = "0"
            maximum = type.bitWidth == 64 ? "\(UInt64.max)" : "\((UInt64(1) << UInt64(type.bitWidth)) - 1)"
        }
        return .object(["type": .string("integer"), "minimum": .number(minimum), "maximum": .number(maximum)])
    }

    /// A `Float`: numbers that round neither to infinity (the bound is halfway between
    /// `Float.greatestFiniteMagnitude` and 2^128) nor, unless zero, to zero (2^-150).
    static let float = floatingPoint(largest: "3.4028235677973366e38", underflow: "7.0064923216240854e-46")

    /// A `Double`: numbers that round neither to infinity nor, unless zero, to zero (2^-1075).
    static let double = floatingPoint(largest: "1.7976931348623158e308", underflow: "2.4703282292062327e-324")

    /// Numbers strictly between -`largest` and `largest`, and outside ±`underflow` unless zero
    /// (`JSONDecoder` refuses `1e-400` for a `Double`, accepts `0e-400`).
    private static func floatingPoint(largest: String, underflow: String) -> SchemaValue {
        .object([
            "type": .string("number"), "exclusiveMinimum": .number("-" + largest), "exclusiveMaximum": .number(largest),
            "not": .object([
                "type": .string("number"), "minimum": .number("-" + underflow), "maximum": .number(underflow),
                "not": .object(["const": .integer(0)]),
            ]),
        ])
    }

    /// A `Decimal`: 38 digits times a power of ten up to 127.
    static let decimal = SchemaValue.object([
        "type": .string("number"), "minimum": .number("-3.40282366920938463463374607431768211455e165"),
        "maximum": .number("3.40282366920938463463374607431768211455e165"),
    ])

    /// A float, or one of the strings that stand for non-conforming floats.
    func floating(_ number: SchemaValue) -> SchemaValue {
        guard let strings = options.nonConformingFloats else { return number }
        let names = [strings.positiveInfinity, strings.negativeInfinity, strings.nan].map(SchemaValue.string)
        return .object(["anyOf": .array([number, .object(["enum": .array(names)])])])
    }

    /// A `URL`: any string `URL(string:)` accepts, which is any but the empty one (and a few
    /// with a broken host or port, which no pattern here tells apart).
    static let url = SchemaValue.object(["type": .string("string"), "minLength": .integer(1)])

    /// A `UUID`: `8-4-4-4-12` hexadecimal digits, either case.
    static let uuid = SchemaValue.object([
        "type": .string("string"), "format": .string("uuid"),
        "pattern": .string("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"),
    ])

    /// `Data` as base64: what `Data(base64Encoded:)` reads (padded, no whitespace).
    static let base64 = SchemaValue.object([
        "type": .string("string"), "contentEncoding": .string("base64"),
        "pattern": .string("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"),
    ])

    /// A `Date` read with `strategy`; `x-codable-date` names the strategy.
    static func date(_ strategy: DateStrategy) -> SchemaValue {
        let name = SchemaValue.string(strategy.name)
        switch strategy {
        case .reference, .seconds, .milliseconds:
            guard case .object(var members) = double else { return double }
            members.append(.init("x-codable-date", name))
            return .object(members)
        case .iso8601:
            return .object([
                "type": .string("string"), "format": .string("date-time"), "pattern": .string(DatePatterns.iso8601),
                "x-codable-date": name,
            ])
        case .format(let pattern):
            return .object([
                "type": .string("string"), "pattern": .string(DatePatterns.pattern(forFormat: pattern.pattern)),
                "x-codable-date": name,
            ])
        case .auto:
            return .object([
                "anyOf": .array([
                    double, .object(["type": .string("string"), "pattern": .string(DatePatterns.iso8601)]),
                ]), "x-codable-date": name,
            ])
        }
    }
}
