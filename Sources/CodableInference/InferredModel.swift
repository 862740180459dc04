import CodableDates
import CodableModels

/// The models `infer` found for a set of samples: a `ModelSet` (what decoding them means, for
/// the decoder and for a JSON Schema) and the declarations that the Swift source spells out.
public struct InferredModel: Sendable {
    /// The types, by qualified name (`Order`, `Order.Item`). A field whose samples disagree in
    /// shape is `.json` here (any value), and a union or `JSONValue` enum in the Swift source.
    public let models: ModelSet
    /// The root type: `.named(rootName)`.
    public let root: TypeReference
    /// The root type's name.
    public let rootName: String
    /// The decoder's `dateDecodingStrategy`: the strategy of most date fields; nil when there
    /// are none. Every date property also carries its own strategy (`.date(strategy:)`).
    public let dateStrategy: DateStrategy?
    /// Keys are converted from snake_case (`.convertFromSnakeCase`).
    public let convertsFromSnakeCase: Bool
    /// How many samples the model was inferred from.
    public let sampleCount: Int

    /// The root declaration, its nested types inside.
    let declaration: StructDeclaration
    /// The date wrappers the source declares.
    let wrappers: [DateWrapper]
    /// The source declares `JSONValue`.
    let usesJSONValue: Bool

    /// The source declares only structs: no date wrapper, union or `JSONValue`, which a reader
    /// of Codable models from source cannot follow (a property wrapper, a hand-written
    /// `init(from:)`). Such source, read back, is the same model as `models`.
    public var declaresOnlyStructures: Bool {
        wrappers.isEmpty && !usesJSONValue && declaration.declaresOnlyStructures
    }
}

/// A struct the source declares.
struct StructDeclaration: Sendable {
    var name: String
    var properties: [PropertyDeclaration] = []
    var nested: [NestedDeclaration] = []
    /// Keys left out, and why (a comment each).
    var omitted: [String] = []

    /// No union is declared in it or in its nested structs.
    var declaresOnlyStructures: Bool {
        nested.allSatisfy { nested in
            if case .structure(let inner) = nested { return inner.declaresOnlyStructures }
            return false
        }
    }

    /// Some property's coding key differs from its name.
    var needsCodingKeys: Bool { properties.contains { $0.codingKey != $0.name } }
}

/// A type declared inside a struct.
enum NestedDeclaration: Sendable {
    case structure(StructDeclaration)
    case union(UnionDeclaration)
}

/// A stored property the source declares.
struct PropertyDeclaration: Sendable {
    /// The Swift name, unescaped.
    var name: String
    /// The `CodingKeys` raw value (the key as the decoder matches it).
    var codingKey: String
    /// The type as the source spells it (`[Item]`, `Date?`).
    var spelling: String
    /// The date wrapper it is declared with, if any.
    var wrapper: DateWrapper?
    /// A comment to write above it.
    var note: String?
}

/// An enum with one case per kind of scalar a field's samples held, decoded by trying each.
struct UnionDeclaration: Sendable {
    var name: String
    /// Case name and the type of its value (`int`, `Int`), in the order they are tried.
    var cases: [(name: String, type: String)]
    /// What the samples held, for the comment.
    var note: String
}
