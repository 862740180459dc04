/// The tags the reader understands; anything else is an error.
enum YAMLTag: Equatable {
    case str, int, float, bool, null, binary, map, seq, merge, timestamp
    /// `!`: the non-specific tag of a quoted or block scalar (a string).
    case nonSpecific
    /// Any other tag, as written (resolved by libyaml to its full form).
    case unknown(String)

    /// The tag libyaml reports (`tag:yaml.org,2002:int` for `!!int`).
    init(_ tag: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: tag, as: UTF8.self)
        let prefix = "tag:yaml.org,2002:"
        guard text.hasPrefix(prefix) else {
            self = text == "!" ? .nonSpecific : .unknown(text)
            return
        }
        switch text.dropFirst(prefix.count) {
        case "str": self = .str
        case "int": self = .int
        case "float": self = .float
        case "bool": self = .bool
        case "null": self = .null
        case "binary": self = .binary
        case "map": self = .map
        case "seq": self = .seq
        case "merge": self = .merge
        case "timestamp": self = .timestamp
        default: self = .unknown(text)
        }
    }

    /// How messages name it: `!!int`, or the tag as written.
    var name: String {
        switch self {
        case .str: return "!!str"
        case .int: return "!!int"
        case .float: return "!!float"
        case .bool: return "!!bool"
        case .null: return "!!null"
        case .binary: return "!!binary"
        case .map: return "!!map"
        case .seq: return "!!seq"
        case .merge: return "!!merge"
        case .timestamp: return "!!timestamp"
        case .nonSpecific: return "!"
        case .unknown(let text):
            return text.hasPrefix("tag:yaml.org,2002:") ? "!!" + text.dropFirst("tag:yaml.org,2002:".count) : text
        }
    }
}
