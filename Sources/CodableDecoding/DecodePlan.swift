import CodableDates
import CodableModels
import CodableParsing

/// A model compiled for decoding: every type the root reaches, with generic arguments
/// substituted, as a table of small nodes the decoder walks without looking anything up.
final class DecodePlan: @unchecked Sendable {
    /// What to do with one value. Plain data (no references), so walking copies nothing that
    /// needs reference counting.
    enum Node {
        case bool, string, float, double, decimal, url, uuid, data, json
        case integer(IntegerType)
        /// A `Date`; the index of the model's codec in `codecs`, or -1 for the options' ones.
        case date(Int)
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
        /// Index into `problems`.
        case unsupported(Int)
    }

    /// A stored property (or an enum case's associated value) that takes part in coding. Its
    /// bytes live in `bytes` (plain data again).
    struct Member {
        /// The JSON key's UTF-8 in `bytes`.
        var key: Span
        /// The key as written out, quoted and escaped.
        var quotedKey: Span
        /// The value's node.
        var node: Int
        /// Declared optional: missing and `null` decode as nil, nil is left out of the output.
        var isOptional: Bool
        /// A `let` with an initial value: not decoded, written with this JSON text
        /// (`count` -1: none).
        var constant: Span
        /// Position of the key in code-point order among the members (for sorted keys).
        var sortedRank: Int

        var isConstant: Bool { constant.count >= 0 }
    }

    /// A run of bytes in `bytes`.
    struct Span {
        var start: Int
        var count: Int
        static let none = Span(start: 0, count: -1)
    }

    /// A struct or final class, or an enum case with its associated values.
    struct Structure {
        /// Its members: `members[firstMember ..< firstMember + memberCount]`.
        var firstMember: Int
        var memberCount: Int
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
        /// Each case, as a structure of its associated values (`structures` indices).
        var cases: [Int]
    }

    private(set) var nodes: [Node] = []
    private(set) var structures: [Structure] = []
    /// For each structure: its name for messages (a case key for enum cases), and the name of its
    /// coding-keys type (`CodingKeys`, `CircleCodingKeys`).
    private(set) var structureNames: [String] = []
    private(set) var codingKeysNames: [String] = []
    private(set) var members: [Member] = []
    /// For each member: its key as a `String` (for paths and messages).
    private(set) var memberKeys: [String] = []
    private(set) var rawEnums: [RawEnum] = []
    private(set) var taggedEnums: [TaggedEnum] = []
    private(set) var codecs: [DateCodec] = []
    private(set) var problems: [ModelProblem] = []
    /// Keys, quoted keys and constants.
    private(set) var bytes: [UInt8] = []
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
        table = Table(
            nodes: Self.freeze(nodes), structures: Self.freeze(structures), members: Self.freeze(members),
            bytes: Self.freeze(bytes))
        writesDistinctKeys = Self.writesDistinctKeys(
            nodes: nodes, structures: structures, members: members, bytes: bytes)
    }

    /// No object the plan writes holds two equal keys: dictionaries keep the first of equal keys,
    /// so only a JSON value written as it came (`.json`) or a structure whose members share a
    /// key (a model Swift would not compile) can repeat one.
    private(set) var writesDistinctKeys = false

    private static func writesDistinctKeys(nodes: [Node], structures: [Structure], members: [Member], bytes: [UInt8])
        -> Bool
    {
        if nodes.contains(where: { if case .json = $0 { true } else { false } }) { return false }
        return structures.allSatisfy { structure in
            var keys = Set<ArraySlice<UInt8>>()
            return members[structure.firstMember..<(structure.firstMember + structure.memberCount)].allSatisfy {
                member in
                keys.insert(bytes[member.quotedKey.start..<(member.quotedKey.start + member.quotedKey.count)]).inserted
            }
        }
    }

    deinit {
        guard let table else { return }
        table.nodes.deallocate()
        table.structures.deallocate()
        table.members.deallocate()
        table.bytes.deallocate()
    }

    /// The plan's plain-data arrays at fixed addresses, for the walker (valid while the plan lives).
    struct Table {
        let nodes: UnsafeMutablePointer<Node>
        let structures: UnsafeMutablePointer<Structure>
        let members: UnsafeMutablePointer<Member>
        let bytes: UnsafeMutablePointer<UInt8>
    }

    /// Set once compiling is done.
    private(set) var table: Table?

    private static func freeze<Element>(_ array: [Element]) -> UnsafeMutablePointer<Element> {
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: max(array.count, 1))
        _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
        return pointer
    }

    private func add(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    private func compile(_ reference: TypeReference, substitutions: [String: TypeReference], origin: SourceOrigin?)
        throws(ModelProblem) -> Int
    {
        let resolved = try reference.substituting(substitutions, origin: origin)
        if let known = memo[resolved] { return known }
        switch resolved {
        case .bool: return remember(resolved, .bool)
        case .string: return remember(resolved, .string)
        case .integer(let type): return remember(resolved, .integer(type))
        case .float: return remember(resolved, .float)
        case .double: return remember(resolved, .double)
        case .decimal: return remember(resolved, .decimal)
        case .date(let strategy):
            guard let strategy else { return remember(resolved, .date(-1)) }
            codecs.append(DateCodec(strategy))
            return remember(resolved, .date(codecs.count - 1))
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
                nodes[index] = .keyedDictionary(
                    keyIsInt: key != .string, value: try compile(value, substitutions: [:], origin: origin))
            } else {
                let keyNode = try compile(key, substitutions: [:], origin: origin)
                nodes[index] = .pairDictionary(
                    key: keyNode, value: try compile(value, substitutions: [:], origin: origin))
            }
            return index
        case .named(let name, let arguments):
            guard let type = models[name] else {
                throw ModelProblem(origin: origin, message: "cannot find type '\(name)' in the model")
            }
            guard type.genericParameters.count == arguments.count else {
                throw ModelProblem(
                    origin: type.origin,
                    message:
                        "'\(name)' takes \(type.genericParameters.count) generic argument(s), got \(arguments.count)")
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

    private func compile(_ type: ModelType, display: String, bindings: [String: TypeReference]) throws(ModelProblem)
        -> Node
    {
        let shortName = String(type.name.split(separator: ".").last ?? Substring(type.name))
        switch type.shape {
        case .unsupported(let reason, let remedy):
            problems.append(
                ModelProblem(
                    origin: type.origin, message: "`\(type.name)` cannot be decoded from source: \(reason)",
                    remedy: remedy))
            return .unsupported(problems.count - 1)
        case .structure(let properties):
            var entries: [(key: String, node: Int, isOptional: Bool, constant: String?)] = []
            for property in properties {
                switch property.role {
                case .skipped: continue
                case .coded, .constant:
                    let resolved = try property.type.substituting(bindings, origin: property.origin)
                    var isOptional = false
                    if case .optional = resolved { isOptional = true }
                    var constant: String?
                    if case .constant(let json) = property.role { constant = json }
                    let node = try compile(resolved, substitutions: [:], origin: property.origin)
                    entries.append((property.key, node, isOptional, constant))
                }
            }
            return .structure(addStructure(name: display, codingKeys: "CodingKeys", entries))
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
            var plan = TaggedEnum(name: shortName, cases: [])
            for enumCase in cases {
                var entries: [(key: String, node: Int, isOptional: Bool, constant: String?)] = []
                for parameter in enumCase.parameters {
                    let resolved = try parameter.type.substituting(bindings, origin: type.origin)
                    var isOptional = false
                    if case .optional = resolved { isOptional = true }
                    entries.append(
                        (parameter.key, try compile(resolved, substitutions: [:], origin: type.origin), isOptional, nil)
                    )
                }
                let capitalized = enumCase.name.prefix(1).uppercased() + enumCase.name.dropFirst()
                plan.cases.append(addStructure(name: enumCase.key, codingKeys: capitalized + "CodingKeys", entries))
            }
            taggedEnums.append(plan)
            return .taggedEnum(taggedEnums.count - 1)
        }
    }

    private func addStructure(
        name: String, codingKeys: String, _ entries: [(key: String, node: Int, isOptional: Bool, constant: String?)]
    ) -> Int {
        let first = members.count
        let order = entries.indices.sorted {
            Array(entries[$0].key.utf8).lexicographicallyPrecedes(Array(entries[$1].key.utf8))
        }
        var ranks = [Int](repeating: 0, count: entries.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        for (index, entry) in entries.enumerated() {
            members.append(
                Member(
                    key: store(Array(entry.key.utf8)), quotedKey: store(Self.quoted(entry.key)), node: entry.node,
                    isOptional: entry.isOptional, constant: entry.constant.map { store(Array($0.utf8)) } ?? .none,
                    sortedRank: ranks[index]))
            memberKeys.append(entry.key)
        }
        structures.append(
            Structure(firstMember: first, memberCount: entries.count, alreadySorted: order == Array(entries.indices)))
        structureNames.append(name)
        codingKeysNames.append(codingKeys)
        return structures.count - 1
    }

    private func store(_ content: [UInt8]) -> Span {
        let span = Span(start: bytes.count, count: content.count)
        bytes.append(contentsOf: content)
        return span
    }

    /// A key as a JSON string literal, escaped as `JSONEncoder` escapes it.
    static func quoted(_ text: String) -> [UInt8] { JSONString.quotedBytes(text) }

    /// The content of a JSON string literal (escapes resolved).
    static func unquoted(_ json: String) -> [UInt8] {
        let bytes = Array(json.utf8)
        guard bytes.count >= 2 else { return bytes }
        return bytes.withUnsafeBufferPointer { buffer in
            bytes.contains(0x5C) ? JSONString.unescape(buffer) : Array(buffer[1..<(buffer.count - 1)])
        }
    }
}
