import CodableParsing

/// JSON equality of two values on two tapes: numbers by exact value (`1` equals `1.0`), strings
/// by content (escapes resolved), objects regardless of member order.
enum JSONEquality {
    struct Tape {
        var nodes: NodeTape
        var bytes: UnsafePointer<UInt8>
    }

    /// Whether the value at `x` of `a` equals the value at `y` of `b`. Without recursion: two
    /// records' items (`uniqueItems`) may be nested as deep as the nesting limit allows, and 99 000
    /// levels overflowed the stack.
    static func equal(_ a: Tape, _ x: Int, _ b: Tape, _ y: Int) -> Bool {
        // Scalars, the common case, need no list of pending pairs.
        let kind = a.nodes[x].kind
        if kind != .array && kind != .object { return scalarsEqual(a, x, b, y) }
        var pending = [(x, y)]
        while let (x, y) = pending.popLast() {
            let left = a.nodes[x]
            let right = b.nodes[y]
            switch left.kind {
            case .array:
                guard right.kind == .array else { return false }
                let count = JSONNode.memberCount(of: x, in: a.nodes)
                guard count == JSONNode.memberCount(of: y, in: b.nodes) else { return false }
                var i = x + 1
                var j = y + 1
                for _ in 0..<count {
                    pending.append((i, j))
                    i += a.nodes[i].span
                    j += b.nodes[j].span
                }
            case .object:
                guard right.kind == .object else { return false }
                let count = JSONNode.memberCount(of: x, in: a.nodes)
                guard count == JSONNode.memberCount(of: y, in: b.nodes) else { return false }
                var i = x + 1
                for _ in 0..<count {
                    // The member of `right` with the same name (the first, if several have it).
                    var j = y + 1
                    var found = false
                    for _ in 0..<count {
                        if stringsEqual(a, a.nodes[i], b, b.nodes[j]) {
                            found = true
                            break
                        }
                        j += 1 + b.nodes[j + 1].span
                    }
                    guard found else { return false }
                    pending.append((i + 1, j + 1))
                    i += 1 + a.nodes[i + 1].span
                }
            default:
                guard scalarsEqual(a, x, b, y) else { return false }
            }
        }
        return true
    }

    /// Whether two values, the one at `x` a scalar or a string, are equal.
    private static func scalarsEqual(_ a: Tape, _ x: Int, _ b: Tape, _ y: Int) -> Bool {
        let left = a.nodes[x]
        let right = b.nodes[y]
        guard left.kind == right.kind else { return false }
        switch left.kind {
        case .number:
            let one = left.token(in: a.bytes)
            let two = right.token(in: b.bytes)
            if one.elementsEqual(two) { return true }
            return JSONNumber(token: one) == JSONNumber(token: two)
        case .string:
            return stringsEqual(a, left, b, right)
        default:
            return true
        }
    }

    static func stringsEqual(_ a: Tape, _ left: JSONNode, _ b: Tape, _ right: JSONNode) -> Bool {
        if !left.hasEscapes && !right.hasEscapes {
            let one = left.token(in: a.bytes)
            let two = right.token(in: b.bytes)
            return one.count == two.count && one.elementsEqual(two)
        }
        return left.stringBytes(in: a.bytes) == right.stringBytes(in: b.bytes)
    }
}

extension JSONEquality {
    /// How many levels of a value its hash looks into.
    static let hashedLevels = 32

    /// A hash consistent with `equal`: equal values hash alike (numbers by exact value,
    /// strings by content, objects whatever their member order). Below `hashedLevels` only a
    /// container's kind and count are hashed (equal values still hash alike), so the recursion
    /// stays shallow however deep the value goes.
    static func hash(_ tape: Tape, _ index: Int, level: Int = 0) -> Int {
        let node = tape.nodes[index]
        if level >= hashedLevels && (node.kind == .array || node.kind == .object) {
            var hasher = Hasher()
            hasher.combine(node.kind.rawValue)
            hasher.combine(JSONNode.memberCount(of: index, in: tape.nodes))
            return hasher.finalize()
        }
        var hasher = Hasher()
        hasher.combine(node.kind == .false ? JSONNode.Kind.true.rawValue : node.kind.rawValue)
        switch node.kind {
        case .null, .true, .false:
            hasher.combine(node.kind == .true)
        case .number:
            let number = JSONNumber(token: node.token(in: tape.bytes))
            hasher.combine(number.negative)
            hasher.combine(number.digits)
            hasher.combine(number.exponent)
        case .string:
            if node.hasEscapes {
                hasher.combine(node.stringBytes(in: tape.bytes))
            } else {
                let token = node.token(in: tape.bytes)
                hasher.combine(
                    bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(token)[1..<(token.count - 1)]))
            }
        case .array:
            for child in JSONNode.children(of: index, in: tape.nodes) {
                hasher.combine(hash(tape, child, level: level + 1))
            }
        case .object:
            var members = 0
            for key in JSONNode.children(of: index, in: tape.nodes) {
                members &+= hash(tape, key, level: level + 1) &* 31 &+ hash(tape, key + 1, level: level + 1)
            }
            hasher.combine(members)
        }
        return hasher.finalize()
    }
}
