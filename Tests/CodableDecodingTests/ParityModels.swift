import CodableModels
import CodableSwiftModels
import Foundation

enum ParityModels {
    static let origin = SourceOrigin(file: "Parity.swift", line: 1, column: 1)

    static func property(_ name: String, _ type: TypeReference, key: String? = nil, role: Property.Role = .coded)
        -> Property
    {
        Property(name: name, key: key ?? name, type: type, role: role, origin: origin)
    }

    static func structure(_ name: String, generic: [String] = [], _ properties: [Property]) -> ModelType {
        ModelType(name: name, genericParameters: generic, shape: .structure(properties), origin: origin)
    }

    /// The types of `ParityTypes.swift`, read from that file by codable's Swift model reader.
    static let fromSource: Result<ModelSet, ModelReadError> = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "ParityTypes.swift"
        ).path
        return Result { () throws(ModelReadError) in try SwiftModelReader().read(paths: [path]) }
    }()

    /// The same types as IR built by hand (independent of the reader).
    static let set: ModelSet = ModelSet([
        structure(
            "Person",
            [
                property("name", .string), property("age", .integer(.int8)), property("email", .optional(.string)),
                property("tags", .array(.string)), property("score", .optional(.double)),
                property("ratio", .optional(.float)),
                property("count", .optional(.integer(.uint16))), property("big", .optional(.integer(.int64))),
                property("active", .bool), property("owner", .optional(.named("Person.Owner", arguments: []))),
                property("kind", .string, role: .constant(json: "\"person\"")),
            ]),
        structure(
            "Person.Owner",
            [
                property("email", .string), property("since", .optional(.date(strategy: nil))),
                property("level", .optional(.integer(.uint8))),
            ]),
        ModelType(
            name: "Priority",
            shape: .rawEnum(
                raw: .string,
                cases: [
                    RawCase(name: "low", rawJSON: "\"low\""), RawCase(name: "medium", rawJSON: "\"medium\""),
                    RawCase(name: "high", rawJSON: "\"HIGH\""),
                ]), origin: origin),
        ModelType(
            name: "Level",
            shape: .rawEnum(
                raw: .integer(.int),
                cases: [
                    RawCase(name: "one", rawJSON: "1"), RawCase(name: "two", rawJSON: "2"),
                    RawCase(name: "minus", rawJSON: "-1"),
                ]), origin: origin),
        structure(
            "Todo",
            [
                property("id", .uuid), property("title", .string), property("done", .bool),
                property("due", .optional(.date(strategy: nil))),
                property("priority", .named("Priority", arguments: [])), property("link", .optional(.url)),
                property("attachment", .optional(.data)), property("cost", .optional(.decimal)),
                property("labels", .optional(.set(.string))),
            ]),
        ModelType(
            name: "Shape",
            shape: .taggedEnum([
                EnumCase(name: "circle", key: "circle", parameters: [.init(key: "radius", type: .double)]),
                EnumCase(
                    name: "rect", key: "rect",
                    parameters: [.init(key: "_0", type: .double), .init(key: "_1", type: .double)]),
                EnumCase(
                    name: "label", key: "label",
                    parameters: [
                        .init(key: "text", type: .string), .init(key: "size", type: .optional(.integer(.int16))),
                    ]),
                EnumCase(name: "none", key: "none", parameters: []),
            ]), origin: origin),
        structure(
            "Drawing",
            [
                property("shapes", .array(.named("Shape", arguments: []))),
                property("level", .named("Level", arguments: [])),
                property("levels", .optional(.array(.named("Level", arguments: [])))),
                property("matrix", .optional(.array(.array(.integer(.int32))))),
            ]),
        structure(
            "Page", generic: ["T"],
            [
                property("items", .array(.parameter("T"))), property("next", .optional(.integer(.int))),
                property("total", .optional(.integer(.uint))),
            ]),
        structure(
            "Maps",
            [
                property("byName", .dictionary(key: .string, value: .integer(.int))),
                property("byId", .optional(.dictionary(key: .integer(.int), value: .string))),
                property("byFlag", .optional(.dictionary(key: .bool, value: .string))),
                property("nested", .optional(.dictionary(key: .string, value: .array(.integer(.int8))))),
                property("optionals", .optional(.array(.optional(.integer(.int))))),
                property("any", .optional(.dictionary(key: .string, value: .double))),
            ]),
        structure(
            "Renamed",
            [
                property("firstName", .string, key: "first_name"),
                property("lastName", .optional(.string), key: "last name"),
                property("secret", .string, role: .skipped),
                property("version", .integer(.int), role: .constant(json: "2")),
            ]),
        structure(
            "Snake",
            [
                property("firstName", .string), property("userID", .optional(.integer(.int))),
                property("httpStatusCode", .optional(.integer(.int))), property("_private", .optional(.bool)),
            ]),
        structure(
            "Numbers",
            [
                property("i", .optional(.integer(.int))), property("i8", .optional(.integer(.int8))),
                property("i16", .optional(.integer(.int16))), property("i32", .optional(.integer(.int32))),
                property("i64", .optional(.integer(.int64))), property("u", .optional(.integer(.uint))),
                property("u8", .optional(.integer(.uint8))), property("u16", .optional(.integer(.uint16))),
                property("u32", .optional(.integer(.uint32))), property("u64", .optional(.integer(.uint64))),
                property("f", .optional(.float)), property("d", .optional(.double)),
                property("dec", .optional(.decimal)),
            ]),
        structure(
            "Required",
            [
                property("link", .url), property("id", .uuid), property("amount", .decimal),
                property("ratio", .float), property("small", .integer(.uint8)),
            ]),
        structure(
            "Crew",
            [
                property("owners", .array(.named("Person.Owner", arguments: []))), property("tags", .set(.string)),
                property("scores", .dictionary(key: .string, value: .integer(.int))),
                property("at", .date(strategy: nil)), property("id", .uuid),
                property("kinds", .array(.string), role: .constant(json: "[]")),
            ]),
        structure("Bytes", [property("payload", .data)]),
        structure(
            "Stamped",
            [
                property("at", .date(strategy: nil)),
                property("events", .optional(.array(.named("Stamped.Event", arguments: [])))),
            ]),
        structure("Stamped.Event", [property("at", .date(strategy: nil)), property("name", .string)]),
    ])
}
