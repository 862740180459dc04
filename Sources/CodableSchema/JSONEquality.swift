import CodableParsing

/// JSON equality of two values on two tapes: numbers by exact value (`1` equals `1.0`), strings
/// by content (escapes resolved), objects regardless of member order.
enum JSONEquality {
    struct Tape {
        var nodes: UnsafePointer<JSONNode>
        var bytes: UnsafePointer<UInt8>
    }

    static func equal(_ a: Tape, _ x: Int, _ b: Tape, _ y: Int) -> Bool {
        let left = a.nodes[x]
        let right = b.nodes[y]
        guard left.kind == right.kind else { return false }
        switch left.kind {
        case .null, .true, .false:
            return true
        case .number:
            let one = left.token(in: a.bytes)
            let two = right.token(in: b.bytes)
            if one.elementsEqual(two) { return true }
            return JSONNumber(token: one) == JSONNumber(token: two)
        case .string:
            return stringsEqual(a, left, b, right)
        case .array:
            guard left.count == right.count else { return false }
            var i = x + 1
            var j = y + 1
            for _ in 0..<left.count {
                if !equal(a, i, b, j) { return false }
                i += a.nodes[i].span
                j += b.nodes[j].span
            }
            return true
        case .object:
            guard left.count == right.count else { return false }
            var i = x + 1
            for _ in 0..<left.count {
                var j = y + 1
                var found = false
                for _ in 0..<right.count {
                    if stringsEqual(a, a.nodes[i], b, b.nodes[j]) {
                        guard equal(a, i + 1, b, j + 1) else { return false }
                        found = true
                        break
                    }
                    j += 1 + b.nodes[j + 1].span
                }
                if !found { return false }
                i += 1 + a.nodes[i + 1].span
            }
            return true
        }
    }

    static func stringsEqual(_ a: Tape, _ left: JSONNode, _ b: Tape, _ right: JSONNode) -> Bool {
        if !left.hasEscapes && !right.hasEscapes {
            return left.length == right.length && left.token(in: a.bytes).elementsEqual(right.token(in: b.bytes))
        }
        return left.stringBytes(in: a.bytes) == right.stringBytes(in: b.bytes)
    }
}

extension JSONEquality {
    /// A hash consistent with `equal`: equal values hash alike (numbers by exact value,
    /// strings by content, objects whatever their member order).
    static func hash(_ tape: Tape, _ index: Int) -> Int {
        let node = tape.nodes[index]
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
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(token)[1..<(token.count - 1)]))
            }
        case .array:
            var child = index + 1
            for _ in 0..<node.count {
                hasher.combine(hash(tape, child))
                child += tape.nodes[child].span
            }
        case .object:
            var members = 0
            var key = index + 1
            for _ in 0..<node.count {
                members &+= hash(tape, key) &* 31 &+ hash(tape, key + 1)
                key += 1 + tape.nodes[key + 1].span
            }
            hasher.combine(members)
        }
        return hasher.finalize()
    }
}
