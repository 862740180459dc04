import CodableDates
import CodableModels
import CodableParsing

/// A model compiled for decoding: every type the root reaches, with generic arguments
/// substituted, as a table of small nodes the decoder walks without looking anything up.
final class DecodePlan: @unchecked Sendable {
    /// What to do with one value.
    enum Node {
        case bool, string, float, double, decimal, url, uuid, data, json
        case integer(IntegerType)
        /// A `Date`; the codec when the model fixes the strategy.
        case date(DateCodec?)
        case optional(Int)
        case array(Int)
        case set(Int)
        /// `[String: V]` and `[Int: V]`: an object.
        case keyedDictionary(keyIsInt: Bool, value: Int)
        /// Any other key: an array alternating keys and values.
        case pairDictionary(key: Int, value: Int)
        case structure(Int)
        case rawEnum(Int)
        case taggedEnum(Int)
        case unsupported(ModelProblem)
    }

    /// A stored property (or an enum case's associated value) that takes part in coding.
    struct Member {
        /// The JSON key.
        var key: String
        /// Its UTF-8.
        var keyBytes: [UInt8]
        /// The key as written out: `"key":` (compact) — the quoted string only.
        var quotedKey: [UInt8]
        /// The value's node.
        var node: Int
        /// Declared optional: missing and `null` decode as nil, nil is left out of the output.
        var isOptional: Bool
        /// A `let` with an initial value: not decoded, written with this JSON text.
        var constant: [UInt8]?
        /// Position of the key in code-point order among the members (for `--sort-keys`).
        var sortedRank: Int = 0
    }

    /// A struct or final class.
    struct Structure {
        /// Name for messages.
        var name: String
        /// The members in declaration order (skipped properties left out).
        var members: [Member]
        /// The name of the coding-keys type in messages (`CodingKeys`).
        var codingKeys: String
        /// Members already in code-point order of their keys.
        var alreadySorted: Bool
    }

    /// An enum with raw values.
    struct RawEnum {
        /// The type's own name (`Status`), as Foundation's message writes it.
        var name: String
        /// The raw type: `.string` or `.integer`.
        var raw: TypeReference
        /// String raw values (unescaped UTF-8).
        var strings: [[UInt8]]
        /// Integer raw values.
        var integers: [Int64]
        /// Unsigned integer raw values above `Int64.max`.
        var largeUnsigned: [UInt64]
    }

    /// An enum with associated values.
    struct TaggedEnum {
        var name: String
        /// Each case: its key and its parameters (as members of a nested keyed container).
        var cases: [Structure]
    }

    private(set) var nodes: [Node] = []
    private(set) var structures: [Structure] = []
    private(set) var rawEnums: [RawEnum] = []
    private(set) var taggedEnums: [TaggedEnum] = []
    /// The root's node.
    private(set) var root = 0
    /// A `UInt8` node, for `Data` written as an array of bytes.
    private(set) var byteNode = 0

    private let models: ModelSet
    private var memo: [TypeReference: Int] = [:]

    /// Compiles everything `root` reaches. Throws for a type the model set does not have, or
    /// generic arguments that do not match the parameters.
    init(models: ModelSet, root: TypeReference) throws(ModelProblem) {
        self.models = models
        self.root = try compile(root, substitutions: [:], origin: nil)
        self.byteNode = try compile(.integer(.uint8), substitutions: [:], origin: nil)
    }

    private func add(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    private func compile(_ reference: TypeReference, substitutions: [String: TypeReference], origin: SourceOrigin?) throws(ModelProblem) -> Int {
        let resolved = try substitute(reference, substitutions, origin: origin)
        if let known = memo[resolved] { return known }
        switch resolved {
        case .bool: return remember(resolved, .bool)
        case .string: return remember(resolved, .string)
        case .integer(let type): return remember(resolved, .integer(type))
        case .float: return remember(resolved, .float)
        case .double: return remember(resolved, .double)
        case .decimal: return remember(resolved, .decimal)
        case .date(let strategy): return remember(resolved, .date(strategy.map(DateCodec.init)))
        case .url: return remember(resolved, .url)
        case .uuid: return remember(resolved, .uuid)
        case .data: return remember(resolved, .data)
        case .json: return remember(resolved, .json)
        case .parameter(let name):
            throw ModelProblem(origin: origin, message: "generic parameter '\(name)' has no argument")
        case .optional(let wrapped):
            let index = remember(resolved, .json)
            nodes[index] = .optional(try compile(wrapped, substitutions: [:], origin: origin))
            return index
        case .array(let element):
            let index = remember(resolved, .json)
            nodes[index] = .array(try compile(element, substitutions: [:], origin: origin))
            return index
        case .set(let element):
            let index = remember(resolved, .json)
            nodes[index] = .set(try compile(element, substitutions: [:], origin: origin))
            return index
        case .dictionary(let key, let value):
            let index = remember(resolved, .json)
            if key == .string || key == .integer(.int) {
                nodes[index] = .keyedDictionary(keyIsInt: key != .string, value: try compile(value, substitutions: [:], origin: origin))
            } else {
                let keyNode = try compile(key, substitutions: [:], origin: origin)
                nodes[index] = .pairDictionary(key: keyNode, value: try compile(value, substitutions: [:], origin: origin))
            }
            return index
        case .named(let name, let arguments):
            guard let type = models[name] else {
                throw ModelProblem(origin: origin, message: "cannot find type '\(name)' in the model")
            }
            guard type.genericParameters.count == arguments.count else {
                throw ModelProblem(origin: type.origin, message: "'\(name)' takes \(type.genericParameters.count) generic argument(s), got \(arguments.count)")
            }
            let bindings = Dictionary(uniqueKeysWithValues: zip(type.genericParameters, arguments))
            let index = remember(resolved, .json)
            nodes[index] = try compile(type, display: resolved.description, bindings: bindings)
            return index
        }
    }

    private func remember(_ reference: TypeReference, _ node: Node) -> Int {
        let index = add(node)
        memo[reference] = index
        return index
    }

    /// Replaces generic parameters by their arguments.
    private func substitute(_ reference: TypeReference, _ bindings: [String: TypeReference], origin: SourceOrigin?) throws(ModelProblem) -> TypeReference {
        switch reference {
        case .parameter(let name):
            guard let bound = bindings[name] else {
                throw ModelProblem(origin: origin, message: "generic parameter '\(name)' has no argument")
            }
            return bound
        case .optional(let wrapped): return .optional(try substitute(wrapped, bindings, origin: origin))
        case .array(let element): return .array(try substitute(element, bindings, origin: origin))
        case .set(let element): return .set(try substitute(element, bindings, origin: origin))
        case .dictionary(let key, let value):
            return .dictionary(key: try substitute(key, bindings, origin: origin), value: try substitute(value, bindings, origin: origin))
        case .named(let name, let arguments):
            var substituted: [TypeReference] = []
            for argument in arguments { substituted.append(try substitute(argument, bindings, origin: origin)) }
            return .named(name, arguments: substituted)
        default: return reference
        }
    }

    private func compile(_ type: ModelType, display: String, bindings: [String: TypeReference]) throws(ModelProblem) -> Node {
        let shortName = String(type.name.split(separator: ".").last ?? Substring(type.name))
        switch type.shape {
        case .unsupported(let reason):
            return .unsupported(ModelProblem(origin: type.origin, message: "`\(type.name)` cannot be decoded from source: \(reason)"))
        case .structure(let properties):
            var members: [Member] = []
            for property in properties {
                switch property.role {
                case .skipped: continue
                case .coded, .constant:
                    let resolved = try substitute(property.type, bindings, origin: property.origin)
                    var isOptional = false
                    if case .optional = resolved { isOptional = true }
                    var constant: [UInt8]?
                    if case .constant(let json) = property.role { constant = Array(json.utf8) }
                    let node = try compile(resolved, substitutions: [:], origin: property.origin)
                    members.append(Member(key: property.key, keyBytes: Array(property.key.utf8), quotedKey: Self.quoted(property.key), node: node, isOptional: isOptional, constant: constant))
                }
            }
            structures.append(Self.structure(name: display, codingKeys: "CodingKeys", members: members))
            return .structure(structures.count - 1)
        case .rawEnum(let raw, let cases):
            var plan = RawEnum(name: shortName, raw: raw, strings: [], integers: [], largeUnsigned: [])
            for rawCase in cases {
                if raw == .string {
                    plan.strings.append(Self.unquoted(rawCase.rawJSON))
                } else if let value = Int64(rawCase.rawJSON) {
                    plan.integers.append(value)
                } else if let value = UInt64(rawCase.rawJSON) {
                    plan.largeUnsigned.append(value)
                }
            }
            rawEnums.append(plan)
            return .rawEnum(rawEnums.count - 1)
        case .taggedEnum(let cases):
            var plans: [Structure] = []
            for enumCase in cases {
                var members: [Member] = []
                for parameter in enumCase.parameters {
                    let resolved = try substitute(parameter.type, bindings, origin: type.origin)
                    var isOptional = false
                    if case .optional = resolved { isOptional = true }
                    let node = try compile(resolved, substitutions: [:], origin: type.origin)
                    members.append(Member(key: parameter.key, keyBytes: Array(parameter.key.utf8), quotedKey: Self.quoted(parameter.key), node: node, isOptional: isOptional, constant: nil))
                }
                let capitalized = enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst()
                var plan = Self.structure(name: enumCase.key, codingKeys: capitalized + "CodingKeys", members: members)
                plan.name = enumCase.key
                plans.append(plan)
            }
            taggedEnums.append(TaggedEnum(name: shortName, cases: plans))
            return .taggedEnum(taggedEnums.count - 1)
        }
    }

    private static func structure(name: String, codingKeys: String, members: [Member]) -> Structure {
        var members = members
        let order = members.indices.sorted { members[$0].keyBytes.lexicographicallyPrecedes(members[$1].keyBytes) }
        for (rank, index) in order.enumerated() { members[index].sortedRank = rank }
        let alreadySorted = order == Array(members.indices)
        return Structure(name: name, members: members, codingKeys: codingKeys, alreadySorted: alreadySorted)
    }

    /// A key as a JSON string literal, escaped as `JSONEncoder` escapes it.
    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case ..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    /// The content of a JSON string literal (escapes resolved).
    static func unquoted(_ json: String) -> [UInt8] {
        let bytes = Array(json.utf8)
        guard bytes.count >= 2 else { return bytes }
        return bytes.withUnsafeBufferPointer { buffer in
            bytes.contains(0x5C) ? JSONString.unescape(buffer) : Array(buffer[1..<(buffer.count - 1)])
        }
    }
}
