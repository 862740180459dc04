import CodableDecoding
import CodableModels

/// The JSON Schema dialect a schema is written in.
public enum GeneratedSchemaDraft: String, Sendable, CaseIterable {
    /// 2020-12: definitions under `$defs`.
    case draft2020 = "2020-12"
    /// Draft 7: definitions under `definitions`, and `$ref` alone in its object.
    case draft7 = "7"

    /// The `$schema` URI.
    var uri: String {
        switch self {
        case .draft2020: "https://json-schema.org/draft/2020-12/schema"
        case .draft7: "http://json-schema.org/draft-07/schema#"
        }
    }

    /// Where named types are defined.
    var definitionsKey: String { self == .draft7 ? "definitions" : "$defs" }
}

/// Writes the JSON Schema that accepts exactly the JSON `RecordDecoder` (and so `JSONDecoder`
/// with the synthesized conformances) accepts for a type, with the given strategies.
///
/// Structures are objects with `properties` and `required` (the non-optional properties; a
/// `var` with a default is required too, as the synthesized `init(from:)` says), unknown keys
/// allowed; every named type reached is a definition (`$defs`) referenced with `$ref`, so
/// recursive and generic types (one definition per set of arguments) need nothing special.
/// Where date rules by path name paths inside a type, that type is written in place
/// along those paths (its dates differ by path), and as a definition elsewhere.
///
/// What no JSON Schema keyword says, and where the schema and the decoder differ: an integer
/// written with a fraction or exponent (read as a `Double` first: `1.00000000000000000001` is
/// 1), `Int` dictionary keys beyond 64 bits, the even length of a dictionary written as
/// key-value pairs, the first-wins rule for repeated keys, and date strings beyond the shape
/// `DatePatterns` checks.
public struct SchemaGenerator: Sendable {
    /// The model types.
    public let models: ModelSet
    /// The strategies the decoder runs with (keys, dates, data, non-finite floats).
    public let options: DecodingOptions
    /// The dialect to write.
    public let draft: GeneratedSchemaDraft

    /// Creates a generator.
    public init(
        models: ModelSet, options: DecodingOptions = DecodingOptions(), draft: GeneratedSchemaDraft = .draft2020
    ) {
        self.models = models
        self.options = options
        self.draft = draft
    }

    /// The schema for `root`. Throws for any type `root` reaches that cannot be decoded from
    /// source, even where a record might never reach it.
    public func schema(for root: TypeReference) throws(ModelProblem) -> SchemaValue {
        let builder = SchemaBuilder(generator: self)
        let body = try builder.schema(root, path: options.dateRules.isEmpty ? nil : [])
        var members = [SchemaValue.Member("$schema", .string(draft.uri))]
        if draft == .draft7, body["$ref"] != nil {
            members.append(.init("allOf", .array([body])))
        } else if case .object(let bodyMembers) = body {
            members += bodyMembers
        }
        if !builder.definitions.isEmpty {
            let sorted = builder.definitions.keys.sorted().map { SchemaValue.Member($0, builder.definitions[$0]!) }
            members.append(.init(draft.definitionsKey, .object(sorted)))
        }
        return .object(members)
    }
}
