import CodableDecoding
import CodableModels
import CodableParsing

/// One schema being built: the definitions written so far and the name each type got.
final class SchemaBuilder {
    let generator: SchemaGenerator
    /// Definitions by key.
    private(set) var definitions: [String: SchemaValue] = [:]
    /// The definition key of each named type (arguments substituted).
    private var keys: [TypeReference: String] = [:]

    init(generator: SchemaGenerator) {
        self.generator = generator
    }

    var options: DecodingOptions { generator.options }

    /// The schema for a resolved reference (no generic parameters left) at `path` (nil where
    /// no date rule by path can name what is below).
    func schema(_ reference: TypeReference, path: [PathComponent]?) throws(ModelProblem) -> SchemaValue {
        switch reference {
        case .bool: return .object(["type": .string("boolean")])
        case .string: return .object(["type": .string("string")])
        case .integer(let type): return Self.integer(type)
        case .float: return floating(Self.float)
        case .double: return floating(Self.double)
        case .decimal: return Self.decimal
        case .date(let strategy): return Self.date(strategy ?? dateStrategy(at: path))
        case .url: return Self.url
        case .uuid: return Self.uuid
        case .data:
            guard options.data == .deferred else { return Self.base64 }
            return .object(["type": .string("array"), "items": Self.integer(.uint8)])
        case .json: return .object([])
        case .optional(let wrapped): return Self.nullable(try schema(wrapped, path: path))
        case .array(let element), .set(let element):
            // No `uniqueItems` for a set: `JSONDecoder` collapses duplicates, it does not refuse them.
            return try array(element, path: path)
        case .dictionary(let key, let value):
            if key == .string || key == .integer(.int) {
                return try keyedDictionary(intKeys: key != .string, value: value, path: path)
            }
            let pair = SchemaValue.object([
                "anyOf": .array([
                    try schema(key, path: path.map { $0 + [.otherIndex] }),
                    try schema(value, path: path.map { $0 + [.otherIndex] }),
                ])
            ])
            return .object([
                "description": .string("A dictionary as JSONEncoder writes it: [key, value, key, value, …]."),
                "type": .string("array"), "items": pair,
            ])
        case .named(let name, let arguments): return try named(name, arguments, reference, path: path)
        case .parameter(let name):
            throw ModelProblem(origin: nil, message: "generic parameter '\(name)' has no argument")
        }
    }

    // MARK: Named types

    private func named(_ name: String, _ arguments: [TypeReference], _ reference: TypeReference, path: [PathComponent]?)
        throws(ModelProblem) -> SchemaValue
    {
        guard let type = generator.models[name] else {
            throw ModelProblem(origin: nil, message: "cannot find type '\(name)' in the model")
        }
        guard type.genericParameters.count == arguments.count else {
            throw ModelProblem(
                origin: type.origin,
                message: "'\(name)' takes \(type.genericParameters.count) generic argument(s), got \(arguments.count)")
        }
        let bindings = Dictionary(uniqueKeysWithValues: zip(type.genericParameters, arguments))
        if let path, rulesReachBelow(path) {
            return try body(type, bindings: bindings, title: reference.description, path: path)
        }
        if let key = keys[reference] { return definitionReference(key) }
        let key = newKey(for: reference)
        keys[reference] = key
        definitions[key] = .object([])  // taken: a recursive use refers to it
        definitions[key] = try body(type, bindings: bindings, title: reference.description, path: nil)
        return definitionReference(key)
    }

    private func definitionReference(_ key: String) -> SchemaValue {
        .object(["$ref": .string("#/\(generator.draft.definitionsKey)/\(key)")])
    }

    /// A definition key made of name characters only (no escaping in the `$ref`):
    /// `Page<Todo>` is `PageOfTodo`; a clash gets `_2`, `_3` ….
    private func newKey(for reference: TypeReference) -> String {
        let base = Self.mangled(reference)
        var key = base
        var suffix = 2
        while definitions[key] != nil {
            key = "\(base)_\(suffix)"
            suffix += 1
        }
        return key
    }

    static func mangled(_ reference: TypeReference) -> String {
        switch reference {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : name + "Of" + arguments.map(mangled).joined(separator: "And")
        case .optional(let wrapped): return "OptionalOf" + mangled(wrapped)
        case .array(let element): return "ArrayOf" + mangled(element)
        case .set(let element): return "SetOf" + mangled(element)
        case .dictionary(let key, let value): return "DictionaryOf\(mangled(key))To\(mangled(value))"
        default: return reference.description
        }
    }

    /// What a named type decodes as, its generic parameters bound.
    private func body(_ type: ModelType, bindings: [String: TypeReference], title: String, path: [PathComponent]?)
        throws(ModelProblem) -> SchemaValue
    {
        switch type.shape {
        case .unsupported(let reason, let remedy):
            throw ModelProblem(
                origin: type.origin, message: "`\(type.name)` cannot be decoded from source: \(reason)", remedy: remedy)
        case .structure(let properties):
            var entries: [(key: String, type: TypeReference)] = []
            for property in properties where property.role == .coded {
                entries.append((property.key, try property.type.substituting(bindings, origin: property.origin)))
            }
            return try members(entries, title: title, path: path)
        case .rawEnum(let raw, let cases):
            let values = cases.map { rawCase -> SchemaValue in
                raw == .string ? .string(Self.unquoted(rawCase.rawJSON)) : .number(rawCase.rawJSON)
            }
            return .object([
                "title": .string(title), "type": .string(raw == .string ? "string" : "integer"), "enum": .array(values),
            ])
        case .taggedEnum(let cases):
            var properties: [SchemaValue.Member] = []
            var alternatives: [SchemaValue] = []
            for enumCase in cases {
                var entries: [(key: String, type: TypeReference)] = []
                for parameter in enumCase.parameters {
                    entries.append((parameter.key, try parameter.type.substituting(bindings, origin: type.origin)))
                }
                let casePath = path.map { $0 + [.key(enumCase.key)] }
                properties.append(.init(enumCase.key, try members(entries, title: nil, path: casePath)))
                alternatives.append(.object(["required": .array([.string(enumCase.key)])]))
            }
            // Exactly one key that names a case (others are ignored), its value the case's
            // associated values by label (`_0`, `_1` … when unlabelled).
            return .object([
                "title": .string(title), "type": .string("object"), "properties": .object(properties),
                "oneOf": .array(alternatives),
            ])
        }
    }

    /// A keyed container of members (a structure, or an enum case's associated values):
    /// optional members may be missing or `null`, the others are required.
    private func members(_ entries: [(key: String, type: TypeReference)], title: String?, path: [PathComponent]?)
        throws(ModelProblem) -> SchemaValue
    {
        var properties: [SchemaValue.Member] = []
        var patternProperties: [SchemaValue.Member] = []
        var required: [SchemaValue] = []
        var keyRequirements: [SchemaValue] = []
        var unmatchable: [String] = []
        for entry in entries {
            let value = try schema(entry.type, path: path.map { $0 + [.key(entry.key)] })
            var isOptional = false
            if case .optional = entry.type { isOptional = true }
            let match: SnakeCaseKeys.Match =
                options.keys == .convertFromSnakeCase ? SnakeCaseKeys.match(entry.key) : .exactly
            switch match {
            case .exactly:
                properties.append(.init(entry.key, value))
                if !isOptional { required.append(.string(entry.key)) }
            case .pattern(let pattern):
                patternProperties.append(.init(pattern, value))
                // Some key converts to this one: not every key name fails the pattern.
                if !isOptional {
                    keyRequirements.append(
                        .object([
                            "not": .object(["propertyNames": .object(["not": .object(["pattern": .string(pattern)])])])
                        ]))
                }
            case .never:
                if !isOptional { unmatchable.append(entry.key) }
            }
        }
        var schema: [SchemaValue.Member] = []
        if let title { schema.append(.init("title", .string(title))) }
        schema.append(.init("type", .string("object")))
        if !properties.isEmpty { schema.append(.init("properties", .object(properties))) }
        if !patternProperties.isEmpty { schema.append(.init("patternProperties", .object(patternProperties))) }
        if !required.isEmpty { schema.append(.init("required", .array(required))) }
        if !keyRequirements.isEmpty { schema.append(.init("allOf", .array(keyRequirements))) }
        if !unmatchable.isEmpty {
            let keys = unmatchable.map { "`\($0)`" }.joined(separator: ", ")
            schema.append(
                .init(
                    "description",
                    .string("No JSON key converts from snake case to \(keys): nothing decodes.")))
            schema.append(.init("not", .object([])))
        }
        return .object(schema)
    }

    // MARK: Collections

    private func array(_ element: TypeReference, path: [PathComponent]?) throws(ModelProblem) -> SchemaValue {
        let named = path.map { namedElements(after: $0) } ?? []
        let rest = try schema(element, path: path.map { $0 + [.otherIndex] })
        guard let last = named.max(), let path else { return .object(["type": .string("array"), "items": rest]) }
        var prefix: [SchemaValue] = []
        for index in 0...last { prefix.append(try schema(element, path: path + [.index(index)])) }
        if generator.draft == .draft7 {
            return .object(["type": .string("array"), "items": .array(prefix), "additionalItems": rest])
        }
        return .object(["type": .string("array"), "prefixItems": .array(prefix), "items": rest])
    }

    private func keyedDictionary(intKeys: Bool, value: TypeReference, path: [PathComponent]?)
        throws(ModelProblem) -> SchemaValue
    {
        var schema: [SchemaValue.Member] = [.init("type", .string("object"))]
        if let path {
            var properties: [SchemaValue.Member] = []
            for name in namedKeys(after: path) {
                properties.append(.init(name, try self.schema(value, path: path + [.key(name)])))
            }
            if !properties.isEmpty { schema.append(.init("properties", .object(properties))) }
        }
        if intKeys {
            // Keys as `Int(String)` reads them (`JSONEncoder` writes `[Int: V]` as an object).
            schema.append(.init("propertyNames", .object(["pattern": .string("^[+-]?[0-9]+$")])))
        }
        schema.append(.init("additionalProperties", try self.schema(value, path: path.map { $0 + [.otherKey] })))
        return .object(schema)
    }

    // MARK: Helpers

    /// `T?`: `null` too.
    static func nullable(_ schema: SchemaValue) -> SchemaValue {
        if case .object(let members) = schema, members.count == 1, case .string(let type)? = schema["type"] {
            return .object(["type": .array([.string(type), .string("null")])])
        }
        return .object(["anyOf": .array([schema, .object(["type": .string("null")])])])
    }

    /// The content of a JSON string literal.
    static func unquoted(_ json: String) -> String {
        let bytes = Array(json.utf8)
        guard bytes.count >= 2 else { return json }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: JSONString.unescape(buffer), as: UTF8.self)
        }
    }
}
