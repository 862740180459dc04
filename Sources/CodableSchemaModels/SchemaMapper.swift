import CodableDates
import CodableModels
import Foundation

/// Maps a schema's tree to model types, following `$ref`s within the file.
final class SchemaMapper {
    private let root: SchemaNode
    private let path: String
    private var models = ModelSet()
    /// `$defs`/`definitions` entries by canonical JSON pointer, with their type names.
    private var definitions: [String: (node: SchemaNode, name: String)] = [:]
    /// What a pointer maps to, once known (a structure is known before its properties are).
    private var resolved: [String: TypeReference] = [:]
    /// Definitions being expanded, to catch one that is only a `$ref` to itself.
    private var expanding: Set<String> = []
    /// Which pointer each type name was given to.
    private var nameOwners: [String: String] = [:]

    init(root: SchemaNode, path: String) {
        self.root = root
        self.path = path
    }

    /// The model types and the type of a record (the root schema).
    func map() throws(ModelReadError) -> (models: ModelSet, root: TypeReference) {
        for keyword in ["$defs", "definitions"] {
            guard let entries = root[keyword] else { continue }
            guard let members = entries.members else {
                throw failure("`\(keyword)` must be an object of schemas", at: "#/\(keyword)", entries)
            }
            for (key, node) in members {
                let pointer = "#/\(keyword)/\(Self.escape(key))"
                definitions[pointer] = (node, claim(Self.typeName(key), for: pointer))
            }
        }
        let rootName = Self.typeName(root["title"]?.string ?? Self.fileStem(path))
        let rootReference = try reference(for: root, at: "#", name: rootName)
        for pointer in definitions.keys.sorted() { _ = try definition(pointer) }
        return (models, rootReference)
    }

    // MARK: - Schemas

    private func reference(for node: SchemaNode, at pointer: String, name: String) throws(ModelReadError)
        -> TypeReference
    {
        if case .bool(let accepts) = node.value {
            guard accepts else {
                throw failure("the schema `false` accepts no value, so no model can decode it", at: pointer, node)
            }
            return .json
        }
        guard node.members != nil else { throw failure("a schema must be an object or a boolean", at: pointer, node) }
        if let strategy = node["x-date-strategy"] {
            return try nullable(
                node, at: pointer, .date(strategy: dateStrategy(strategy, at: pointer + "/x-date-strategy")))
        }
        if let target = node["$ref"] {
            guard let text = target.string else {
                throw failure("`$ref` must be a string", at: pointer + "/$ref", target)
            }
            return try nullable(node, at: pointer, try referenced(text, from: target, at: pointer + "/$ref"))
        }
        if let all = node["allOf"] {
            guard let schemas = all.array, schemas.count == 1 else {
                throw failure(
                    "`allOf` of several schemas has no Codable shape; merge them into one", at: pointer + "/allOf", all)
            }
            return try reference(for: schemas[0], at: pointer + "/allOf/0", name: name)
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let alternatives = node[keyword] else { continue }
            return try choice(keyword, alternatives, at: pointer + "/" + keyword, name: name)
        }
        if let values = node["enum"] {
            return try nullable(node, at: pointer, try enumeration(values, at: pointer, name: name))
        }
        let (types, isNullable) = try declaredTypes(node, at: pointer)
        let base: TypeReference
        switch types.first {
        case "string"?: base = stringType(node)
        case "integer"?: base = .integer(.int)
        case "number"?: base = .double
        case "boolean"?: base = .bool
        case "array"?: base = try array(node, at: pointer, name: name)
        case "object"?: base = try object(node, at: pointer, name: name)
        default:
            // No `type`: the shape the other keywords give, or any value.
            if node["properties"] != nil || node["additionalProperties"] != nil {
                base = try object(node, at: pointer, name: name)
            } else if node["items"] != nil {
                base = try array(node, at: pointer, name: name)
            } else {
                return .json
            }
        }
        return isNullable ? .optional(base) : base
    }

    /// `type` as a list of non-null type names (at most one), and whether `null` is allowed.
    private func declaredTypes(_ node: SchemaNode, at pointer: String) throws(ModelReadError) -> (
        types: [String], nullable: Bool
    ) {
        guard let type = node["type"] else { return ([], false) }
        var names: [String]
        if let single = type.string {
            names = [single]
        } else if let list = type.array, list.allSatisfy({ $0.string != nil }) {
            names = list.compactMap(\.string)
        } else {
            throw failure("`type` must be a string or a list of strings", at: pointer + "/type", type)
        }
        let known: Set<String> = ["string", "integer", "number", "boolean", "array", "object", "null"]
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw failure("`\(unknown)` is not a JSON Schema type", at: pointer + "/type", type)
        }
        let nullable = names.contains("null")
        names.removeAll { $0 == "null" }
        if Set(names) == ["integer", "number"] { names = ["number"] }  // every integer is a number
        guard names.count <= 1 else {
            throw failure(
                "a value of several types (\(names.joined(separator: ", "))) has no Codable shape",
                at: pointer + "/type", type)
        }
        return (names, nullable)
    }

    private func stringType(_ node: SchemaNode) -> TypeReference {
        if node["contentEncoding"]?.string == "base64" { return .data }
        switch node["format"]?.string {
        case "date-time"?: return .date(strategy: .iso8601)
        case "date"?: return .date(strategy: try? DateStrategy(parsing: "format:yyyy-MM-dd"))
        case "uuid"?: return .uuid
        case "uri"?, "url"?: return .url
        default: return .string
        }
    }

    private func array(_ node: SchemaNode, at pointer: String, name: String) throws(ModelReadError) -> TypeReference {
        if let prefix = node["prefixItems"] {
            throw failure("`prefixItems` (a tuple) has no Codable shape", at: pointer + "/prefixItems", prefix)
        }
        guard let items = node["items"] else { return .array(.json) }
        if items.array != nil {
            throw failure("`items` as a list (a tuple) has no Codable shape", at: pointer + "/items", items)
        }
        return .array(try reference(for: items, at: pointer + "/items", name: Self.singular(name)))
    }

    /// An object with `properties` is a structure; without, a `[String: T]` of its
    /// `additionalProperties`.
    private func object(_ node: SchemaNode, at pointer: String, name: String) throws(ModelReadError) -> TypeReference {
        guard let properties = node["properties"] else {
            switch node["additionalProperties"]?.value {
            case nil, .bool(true)?: return .dictionary(key: .string, value: .json)
            case .bool(false)?: break  // an object that must be empty: a structure without properties
            default:
                let value = try reference(
                    for: node["additionalProperties"]!, at: pointer + "/additionalProperties",
                    name: Self.singular(name) + "Value")
                return .dictionary(key: .string, value: value)
            }
            return try structure(node, members: [], at: pointer, name: name)
        }
        guard let members = properties.members else {
            throw failure("`properties` must be an object of schemas", at: pointer + "/properties", properties)
        }
        return try structure(node, members: members, at: pointer, name: name)
    }

    private func structure(
        _ node: SchemaNode, members: [(key: String, value: SchemaNode)], at pointer: String, name: String
    ) throws(ModelReadError) -> TypeReference {
        let name = claim(name, for: pointer)
        let reference = TypeReference.named(name, arguments: [])
        resolved[pointer] = reference
        let required = Set(node["required"]?.array?.compactMap(\.string) ?? [])
        var properties: [Property] = []
        for (key, schema) in members {
            var type = try self.reference(
                for: schema, at: pointer + "/properties/" + Self.escape(key),
                name: name + "." + Self.typeName(key))
            if !required.contains(key), !type.isOptional { type = .optional(type) }
            properties.append(Property(name: key, key: key, type: type, origin: schema.origin))
        }
        models.insert(ModelType(name: name, shape: .structure(properties), origin: node.origin))
        return reference
    }

    /// `anyOf`/`oneOf`: `{"type": "null"}` alternatives make the rest optional; one schema left
    /// is that schema.
    private func choice(_ keyword: String, _ node: SchemaNode, at pointer: String, name: String) throws(ModelReadError)
        -> TypeReference
    {
        guard let alternatives = node.array, !alternatives.isEmpty else {
            throw failure("`\(keyword)` must be a non-empty list of schemas", at: pointer, node)
        }
        let isNull: (SchemaNode) -> Bool = { $0["type"]?.string == "null" && $0.members?.count == 1 }
        let rest = alternatives.enumerated().filter { !isNull($0.element) }
        guard rest.count <= 1 else {
            throw failure(
                "`\(keyword)` of \(rest.count) different schemas has no Codable shape; "
                    + "a model has one type per property", at: pointer, node)
        }
        guard let only = rest.first else { return .json }
        let type = try reference(for: only.element, at: pointer + "/\(only.offset)", name: name)
        return rest.count < alternatives.count && !type.isOptional ? .optional(type) : type
    }

    /// `enum` of strings (or of integers), perhaps with `null`: a raw-value enum.
    private func enumeration(_ node: SchemaNode, at schemaPointer: String, name: String) throws(ModelReadError)
        -> TypeReference
    {
        let pointer = schemaPointer + "/enum"
        guard let values = node.array, !values.isEmpty else {
            throw failure("`enum` must be a non-empty list", at: pointer, node)
        }
        var strings: [String] = []
        var integers: [String] = []
        var nullable = false
        for value in values {
            switch value.value {
            case .string(let text): strings.append(text)
            case .number(let text) where Int(text) != nil: integers.append(text)
            case .null: nullable = true
            default:
                throw failure(
                    "an `enum` of values other than strings and integers has no Codable shape", at: pointer, node)
            }
        }
        guard strings.isEmpty || integers.isEmpty else {
            throw failure(
                "an `enum` of strings and numbers has no Codable shape; a raw-value enum has one raw type", at: pointer,
                node)
        }
        guard !strings.isEmpty || !integers.isEmpty else { return .json }
        let name = claim(name, for: schemaPointer)
        let cases =
            strings.isEmpty
            ? integers.map { RawCase(name: "_" + $0, rawJSON: String(Int($0)!)) }
            : strings.map { RawCase(name: Self.caseName($0), rawJSON: Self.quoted($0)) }
        models.insert(
            ModelType(
                name: name, shape: .rawEnum(raw: strings.isEmpty ? .integer(.int) : .string, cases: cases),
                origin: node.origin))
        let reference = TypeReference.named(name, arguments: [])
        return nullable ? .optional(reference) : reference
    }

    // MARK: - References

    private func referenced(_ text: String, from node: SchemaNode, at pointer: String) throws(ModelReadError)
        -> TypeReference
    {
        let target = Self.canonicalPointer(text)
        if target == "#" {
            guard let root = resolved["#"] else {
                throw failure(
                    "`$ref: \"#\"` refers to the root, which is not an object with properties", at: pointer, node)
            }
            return root
        }
        guard definitions[target] != nil else {
            throw failure(
                "`$ref` to `\(text)`: codable follows references to #, #/$defs/NAME and "
                    + "#/definitions/NAME within the file", at: pointer, node)
        }
        return try definition(target)
    }

    private func definition(_ pointer: String) throws(ModelReadError) -> TypeReference {
        if let known = resolved[pointer] { return known }
        let (node, name) = definitions[pointer]!
        guard expanding.insert(pointer).inserted else {
            throw failure("the definition refers to itself with nothing in between", at: pointer, node)
        }
        let reference = try reference(for: node, at: pointer, name: name)
        expanding.remove(pointer)
        resolved[pointer] = reference
        return reference
    }

    // MARK: - Helpers

    private func nullable(_ node: SchemaNode, at pointer: String, _ type: TypeReference) throws(ModelReadError)
        -> TypeReference
    {
        let (_, isNullable) = try declaredTypes(node, at: pointer)
        return isNullable && !type.isOptional ? .optional(type) : type
    }

    private func dateStrategy(_ node: SchemaNode, at pointer: String) throws(ModelReadError) -> DateStrategy {
        guard let text = node.string else { throw failure("`x-date-strategy` must be a string", at: pointer, node) }
        do {
            return try DateStrategy(parsing: text)
        } catch {
            throw failure("`x-date-strategy`: \(error)", at: pointer, node)
        }
    }

    /// `base`, or `base2`, `base3` … when another schema has it.
    /// The schema that gave a name owns it: a definition, a property, items; not the `allOf`,
    /// `anyOf` or `oneOf` alternative inside it.
    private func claim(_ base: String, for schemaPointer: String) -> String {
        var pointer = Substring(schemaPointer)
        while let range = pointer.range(of: #"/(allOf|anyOf|oneOf)/[0-9]+$"#, options: .regularExpression) {
            pointer = pointer[..<range.lowerBound]
        }
        var name = base
        var counter = 2
        while let owner = nameOwners[name], owner != String(pointer) {
            name = base + String(counter)
            counter += 1
        }
        nameOwners[name] = String(pointer)
        return name
    }

    private func failure(_ message: String, at pointer: String, _ node: SchemaNode) -> ModelReadError {
        ModelReadError(origin: node.origin, message: "\(message) (at \(pointer))")
    }
}
