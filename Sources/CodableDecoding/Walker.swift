import CodableModels
import CodableParsing

/// One walk over a record's tape with a compiled plan: checks every value as `JSONDecoder`
/// would and writes it as `JSONEncoder` would, straight into the output cursor.
///
/// A struct passed `inout` (no runtime exclusivity checks); its scratch arrays are lent by the
/// `RecordDecoder` and taken back after each record, so a walk allocates nothing of its own.
struct Walker {
    let plan: DecodePlan
    let planNodes: UnsafePointer<DecodePlan.Node>
    let structures: UnsafePointer<DecodePlan.Structure>
    let members: UnsafePointer<DecodePlan.Member>
    let planBytes: UnsafePointer<UInt8>
    let options: DecodingOptions
    /// The record's tape and bytes (set for each record).
    var nodes: NodeTape
    var bytes: UnsafePointer<UInt8>
    let pretty: Bool
    let sortKeys: Bool
    let snakeCase: Bool
    var out: OutputCursor
    var scratch: WalkerScratch
    /// Receives each problem as it is found (collect-every-problem mode), or nil when the first
    /// failure stops the walk.
    var collector: ((DecodingFailure) -> Void)?
    /// Problems handed to `collector` so far.
    var collected = 0
    var limit: Int
    /// The record's objects hold no equal keys (`RecordBatch.keysAreDistinct`: a CSV row with a
    /// header): a dictionary's keys are not checked again.
    var keysAreDistinct = false

    // MARK: Values

    /// The deepest level an array or object may be at (the record is at level 0): `JSONDecoder`
    /// refuses arrays and objects nested deeper than 512 levels, and so does the walk, whose
    /// recursion (only containers recurse) this bounds too
    /// (a nesting limit above 512 lets deeper records be read; 2 000 levels overflowed the stack
    /// of a release build). A debug build's frames are several times larger (511 levels
    /// overflowed): there the bound is 200 levels.
    #if DEBUG
        static let deepestLevel = 199
    #else
        static let deepestLevel = 511
    #endif

    /// Checks the value at tape node `index` against plan node `p` and writes it.
    mutating func value(_ p: Int, _ index: Int, level: Int) throws(WalkStop) {
        let node = nodes[index]
        if level > Self.deepestLevel && (node.kind == .array || node.kind == .object) { throw tooDeep(index) }
        switch planNodes[p] {
        case .optional(let wrapped):
            if node.kind == .null { out.append("null") } else { try value(wrapped, index, level: level) }
        case .string:
            guard node.kind == .string else { throw mismatch("String", index) }
            writeString(node)
        case .bool:
            switch node.kind {
            case .true: out.append("true")
            case .false: out.append("false")
            case .null:  // Foundation's own wording for Bool: a type mismatch, not a missing value
                throw failure(.typeMismatch, "Expected to decode Bool but found null instead.", node: index)
            default: throw mismatch("Bool", index)
            }
        case .integer(let type): try integer(type, index)
        case .double: try double(index)
        case .float: try float(index)
        case .decimal: try decimal(index)
        case .date(let codec): try date(codec >= 0 ? plan.codecs[codec] : nil, index)
        case .url: try url(index)
        case .uuid: try uuid(index)
        case .data: try data(index, level: level)
        case .json:
            scratch.jsonWriter.write(root: index, nodes: nodes, bytes: bytes, level: level, to: &out)
        case .array(let element): try array(element, index, level: level, unique: false)
        case .set(let element): try array(element, index, level: level, unique: true)
        case .keyedDictionary(let keyIsInt, let valueNode):
            try keyedDictionary(keyIsInt: keyIsInt, valueNode, index, level: level)
        case .pairDictionary(let keyNode, let valueNode): try pairDictionary(keyNode, valueNode, index, level: level)
        case .structure(let s): try structure(s, index, level: level)
        case .rawEnum(let r): try rawEnum(r, index)
        case .taggedEnum(let t): try taggedEnum(t, index, level: level)
        case .unsupported(let problem): throw .model(plan.problems[problem])
        }
    }

    // MARK: Failures

    /// An array or object past `deepestLevel` (apart from `value`, whose frame every level of recursion
    /// takes: its message would make that frame larger).
    @inline(never)
    func tooDeep(_ index: Int) -> WalkStop {
        failure(
            .dataCorrupted,
            "The given data was not valid JSON: nested deeper than \(Self.deepestLevel + 1) levels, which JSONDecoder refuses.",
            node: index)
    }

    /// A failure at the current path, about tape node `node`.
    func failure(_ kind: DecodingFailure.Kind, _ message: String, node: Int) -> WalkStop {
        .failure(DecodingFailure(kind: kind, path: currentPath(), message: message, node: node))
    }

    /// `typeMismatch` for a value of the wrong JSON type, or `valueNotFound` for `null`.
    func mismatch(_ type: String, _ index: Int) -> WalkStop {
        if nodes[index].kind == .null {
            return failure(.valueNotFound, "Cannot get value of type \(type) -- found null value instead", node: index)
        }
        return failure(.typeMismatch, "Expected to decode \(type) but found \(found(index)) instead.", node: index)
    }

    /// The same for a keyed container (a struct, a tagged enum, a dictionary).
    func keyedMismatch(_ index: Int) -> WalkStop {
        if nodes[index].kind == .null {
            return failure(
                .valueNotFound, "Cannot get keyed decoding container -- found null value instead", node: index)
        }
        return failure(
            .typeMismatch, "Expected to decode Dictionary<String, Any> but found \(found(index)) instead.", node: index)
    }

    /// The same for an unkeyed container (an array or set).
    func unkeyedMismatch(_ index: Int) -> WalkStop {
        if nodes[index].kind == .null {
            return failure(
                .valueNotFound, "Cannot get unkeyed decoding container -- found null value instead", node: index)
        }
        return failure(.typeMismatch, "Expected to decode Array<Any> but found \(found(index)) instead.", node: index)
    }

    /// How Foundation names what it found.
    func found(_ index: Int) -> String {
        switch nodes[index].kind {
        case .null: return "null"
        case .true, .false: return "bool"
        case .number: return "number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }

    /// In collect mode, keeps a failure and goes on (until the limit); otherwise rethrows.
    mutating func collect(_ stop: WalkStop) throws(WalkStop) {
        guard case .failure(let failure) = stop, let collector else { throw stop }
        collector(failure)
        collected += 1
        if collected >= limit { throw .limitReached }
    }

    /// The coding path of where the walk is.
    func currentPath() -> [CodingPathComponent] {
        (0..<scratch.path.count).map { position in
            switch scratch.path[position] {
            case .member(let s, let m): return .key(plan.memberKeys[structures[s].firstMember + m])
            case .enumCase(let t, let c): return .key(plan.structureNames[plan.taggedEnums[t].cases[c]])
            case .parameter(let t, let c, let m):
                return .key(plan.memberKeys[structures[plan.taggedEnums[t].cases[c]].firstMember + m])
            case .index(let index): return .index(index)
            case .dictionaryKey(let node): return .key(nodes[node].stringValue(in: bytes))
            }
        }
    }

    // MARK: Writing

    @inline(__always)
    mutating func writeString(_ node: JSONNode) {
        if node.needsNormalizing {
            JSONString.appendNormalized(node.token(in: bytes), to: &out)
        } else {
            out.append(node.token(in: bytes))
        }
    }

    /// Bytes of the plan (a key, a constant).
    @inline(__always)
    mutating func write(_ span: DecodePlan.Span) {
        out.append(planBytes + span.start, count: span.count)
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { out.append($0.baseAddress!, count: $0.count) }
    }

    @inline(__always)
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { out.append($0.baseAddress!, count: $0.count) }
    }

    /// `text` as a JSON string literal, escaped as the writer escapes, straight into the output
    /// (`DecodePlan.quoted` makes a copy and room for six times the text, too much for a huge
    /// string).
    @inline(__always)
    mutating func writeQuoted(_ text: String) {
        var text = text
        text.withUTF8 { _ = JSONString.appendQuoted($0, to: &out) }
    }

    /// A line break and the indentation of `level` (pretty output only).
    @inline(__always)
    mutating func newline(_ level: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(repeating: 0x20, count: level * options.writer.indent)
    }

    /// Before a member or element: `,` unless it is the first, then the line break.
    @inline(__always)
    mutating func separator(first: Bool, level: Int) {
        if !first { out.append(UInt8(ascii: ",")) }
        newline(level)
    }

    /// After a written key.
    @inline(__always)
    mutating func colon() {
        if pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
    }

    /// Closes a container holding `written` values.
    @inline(__always)
    mutating func close(_ byte: UInt8, written: Int, level: Int) {
        if written > 0 { newline(level) }
        out.append(byte)
    }
}

/// Arrays a `Walker` reuses from record to record.
struct WalkerScratch {
    /// Where the walk is.
    var path = PathStack()
    /// Written members of the open structures, for reordering by key.
    var segments: [Segment] = []
    /// Bytes being reordered.
    var bytes: [UInt8] = []
    /// For values kept as they are (`JSON`).
    var jsonWriter: JSONWriter

    /// A written member: its key's rank and where its bytes are.
    struct Segment {
        var rank: Int
        var start: Int
        var end: Int
    }
}
