/// What would let codable read a model it cannot read as given. The parser layer knows what
/// would help; the commands layer names the option that asks for it.
public enum ModelRemedy: Sendable, Hashable {
    /// Describe the type with a JSON Schema: its Swift source does not say how it decodes.
    case describeWithSchema
    /// A higher nesting limit for JSON read as records (a schema is not read with it).
    case higherDepthLimit
    /// Read the array inside one huge value record by record.
    case readArrayRecordByRecord
}
