/// A type as written (in Swift source or as a root type's text), before names are looked up:
/// `[String: Todo]`, `Page<Todo>?`, `SyncUp.Attendee`.
///
/// Model readers turn what they read into a spelling, then resolve it to a `TypeReference` with
/// `resolvedBuiltin(arguments:)` for the standard library and Foundation names and their own
/// lookup for declared ones.
public indirect enum TypeSpelling: Sendable, Hashable, CustomStringConvertible {
    /// A possibly qualified name, each component with its generic arguments
    /// (`Foundation.Date`, `Page<Todo>`, `Outer.Inner`).
    case named([Component])
    /// `[T]`.
    case array(TypeSpelling)
    /// `[K: V]`.
    case dictionary(key: TypeSpelling, value: TypeSpelling)
    /// `T?` (and `T!`).
    case optional(TypeSpelling)
    /// Something no Codable model can hold (a tuple, a function, `any P`), with its text.
    case unsupported(String)

    /// One component of a name: `Page<Todo>` is `Component(name: "Page", arguments: [Todo])`.
    public struct Component: Sendable, Hashable {
        /// The identifier.
        public var name: String
        /// Its generic arguments (empty when none are written).
        public var arguments: [TypeSpelling]

        /// Creates a component.
        public init(name: String, arguments: [TypeSpelling] = []) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// A simple name without generic arguments.
    public static func name(_ name: String) -> TypeSpelling { .named([Component(name: name)]) }

    /// The name's components joined with dots, without generic arguments (`Outer.Inner`), or
    /// `nil` when this is not a name.
    public var dottedName: String? {
        guard case .named(let components) = self else { return nil }
        return components.map(\.name).joined(separator: ".")
    }

    /// Swift spelling: `[String: Todo]`, `Page<Todo>?`.
    public var description: String {
        switch self {
        case .named(let components):
            return components.map { component in
                component.arguments.isEmpty
                    ? component.name
                    : "\(component.name)<\(component.arguments.map(\.description).joined(separator: ", "))>"
            }.joined(separator: ".")
        case .array(let element): return "[\(element)]"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .unsupported(let text): return text
        }
    }
}
