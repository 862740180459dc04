/// Every model type that the user's files declare, by qualified name.
public struct ModelSet: Sendable {
    /// The types, keyed by qualified name (`Todo`, `SyncUp.Attendee`).
    public private(set) var types: [String: ModelType]

    /// Creates a set from types (a later type with the same name replaces an earlier one).
    public init(_ types: [ModelType] = []) {
        self.types = [:]
        for type in types { self.types[type.name] = type }
    }

    /// Adds or replaces a type.
    public mutating func insert(_ type: ModelType) {
        types[type.name] = type
    }

    /// The type with this qualified name.
    public subscript(name: String) -> ModelType? { types[name] }
}
