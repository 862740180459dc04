import CodableParsing

/// One step of a coding path as `JSONDecoder` reports it: a key, or an array index (which
/// Foundation spells `Index 3`).
public enum CodingPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A property key (the Swift key, after a key case conversion) or a dictionary key.
    case key(String)
    /// An array element, 0-based.
    case index(Int)

    /// Foundation's `stringValue`: the key, or `Index 3`.
    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return "Index \(index)"
        }
    }

    /// A path written after a record prefix: `$[3]` + `.owner.email`, `[0]`, `["odd key"]`.
    public static func render(_ path: [CodingPathComponent], after prefix: String) -> String {
        var text = prefix
        for component in path {
            switch component {
            case .key(let key): text += CodingPath.component(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
