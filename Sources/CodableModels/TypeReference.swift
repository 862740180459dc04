import CodableDates

/// A use of a type, as a stored property, an element, or a type's text names it.
///
/// References are resolved: typealiases are expanded and `named` holds the qualified name of a
/// type in the `ModelSet` (`Outer.Inner`), so the decoder never looks at source again.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// `Bool`.
    case bool
    /// `String` (and `Character`, which decodes from a one-character string).
    case string
    /// `Int`, `Int8` … `UInt64`.
    case integer(IntegerType)
    /// `Float`.
    case float
    /// `Double` (and `CGFloat`, `TimeInterval`).
    case double
    /// `Decimal`.
    case decimal
    /// `Date`, written with `strategy` when the model says so (a JSON Schema's `format` or
    /// `x-date-strategy`), otherwise with the decoding options' strategy for its path.
    case date(strategy: DateStrategy?)
    /// `URL` (a string that `URL(string:)` accepts).
    case url
    /// `UUID` (a string `UUID(uuidString:)` accepts; written uppercase, as `JSONEncoder` does).
    case uuid
    /// `Data` (base64 by default, as `JSONDecoder`).
    case data
    /// Any JSON value, kept as written (a JSON Schema with no `type`).
    case json
    /// `T?`, `Optional<T>`.
    case optional(TypeReference)
    /// `[T]`, `Array<T>`, `ContiguousArray<T>`.
    case array(TypeReference)
    /// `Set<T>`: decoded like an array, duplicates collapsed.
    case set(TypeReference)
    /// `[K: V]`, `Dictionary<K, V>`: an object for `String` and `Int` keys (as `JSONEncoder`
    /// writes them), otherwise an array alternating keys and values.
    case dictionary(key: TypeReference, value: TypeReference)
    /// A model type by qualified name, with generic arguments when it has parameters.
    case named(String, arguments: [TypeReference])
    /// A generic parameter of the enclosing model type (`T` in `struct Page<T: Codable>`).
    case parameter(String)

    /// Swift spelling, for messages (`[String: Todo]`, `Int8?`).
    public var description: String {
        switch self {
        case .bool: return "Bool"
        case .string: return "String"
        case .integer(let type): return type.rawValue
        case .float: return "Float"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .date: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .data: return "Data"
        case .json: return "JSON"
        case .optional(let wrapped): return "\(wrapped)?"
        case .array(let element): return "[\(element)]"
        case .set(let element): return "Set<\(element)>"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .parameter(let name): return name
        }
    }
}

/// Swift's fixed-width integer types.
public enum IntegerType: String, Sendable, Hashable, CaseIterable {
    case int = "Int"
    case int8 = "Int8"
    case int16 = "Int16"
    case int32 = "Int32"
    case int64 = "Int64"
    case uint = "UInt"
    case uint8 = "UInt8"
    case uint16 = "UInt16"
    case uint32 = "UInt32"
    case uint64 = "UInt64"

    /// `Int…` rather than `UInt…` (a switch, not a look at the name: asked for every integer
    /// a record decodes).
    public var isSigned: Bool {
        switch self {
        case .int, .int8, .int16, .int32, .int64: return true
        case .uint, .uint8, .uint16, .uint32, .uint64: return false
        }
    }

    /// Width in bits (`Int`/`UInt` are 64-bit on every platform `codable` runs on).
    public var bitWidth: Int {
        switch self {
        case .int8, .uint8: return 8
        case .int16, .uint16: return 16
        case .int32, .uint32: return 32
        case .int, .int64, .uint, .uint64: return 64
        }
    }
}
