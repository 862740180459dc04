import CodableParsing

/// Keyed containers with known keys: structures and enums.
extension Walker {
    /// Who owns a list of members, for the coding path.
    enum MemberOwner {
        case structure(Int)
        case enumCase(Int, Int)

        func step(_ member: Int) -> PathStep {
            switch self {
            case .structure(let s): return .member(plan: s, member: member)
            case .enumCase(let t, let c): return .parameter(plan: t, caseIndex: c, member: member)
            }
        }
    }

    /// A struct or final class: every member in declaration order, as the synthesized
    /// `init(from:)` decodes them; unknown keys dropped; the first of duplicate keys wins.
    mutating func structure(_ s: Int, _ index: Int, level: Int) throws(WalkStop) {
        guard nodes[index].kind == .object else { throw keyedMismatch(index) }
        try members(s, owner: .structure(s), object: index, level: level)
    }

    /// Matches an object's keys to `structure`'s members, then decodes and writes the members.
    mutating func members(_ s: Int, owner: MemberOwner, object index: Int, level: Int) throws(WalkStop) {
        let structure = structures[s]
        let first = structure.firstMember
        let count = structure.memberCount
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(count, 1)) { slots throws(WalkStop) in
            slots.initialize(repeating: -1)
            var child = index + 1
            let end = child + nodes[index].size
            var guess = 0
            while child < end {
                let m = memberIndex(of: child, first: first, count: count, guess: guess)
                if m >= 0 {
                    if slots[m] < 0 { slots[m] = child + 1 }
                    guess = m + 1
                }
                child += 1 + nodes[child + 1].span
            }
            try writeMembers(s, structure, slots: slots, owner: owner, object: index, level: level)
        }
    }

    /// Decodes and writes the members whose value nodes `slots` holds (-1: absent).
    private mutating func writeMembers(
        _ s: Int, _ structure: DecodePlan.Structure, slots: UnsafeMutableBufferPointer<Int>, owner: MemberOwner,
        object index: Int, level: Int
    ) throws(WalkStop) {
        let first = structure.firstMember
        let count = structure.memberCount

        let reorder = sortKeys && !structure.alreadySorted
        let segmentBase = scratch.segments.count
        out.append(UInt8(ascii: "{"))
        if reorder { out.hold() }  // the members are put in order where they were written
        defer { if reorder { out.endHold() } }
        var written = 0
        for m in 0..<count {
            let member = members[first + m]
            let mark = out.position
            if member.isConstant {
                if member.isOptional && isNull(member.constant) { continue }
                separator(first: written == 0, level: level + 1)
                let start = out.position
                write(member.quotedKey)
                colon()
                write(member.constant)
                written += 1
                if reorder { scratch.segments.append(.init(rank: member.sortedRank, start: start, end: out.position)) }
                continue
            }
            let valueIndex = slots[m]
            if valueIndex < 0 || (member.isOptional && nodes[valueIndex].kind == .null) {
                if member.isOptional { continue }
                let key = plan.memberKeys[first + m]
                try collect(
                    failure(
                        .keyNotFound,
                        "No value associated with key \(plan.codingKeysNames[s])(stringValue: \"\(key)\", intValue: nil) (\"\(key)\").",
                        node: index))
                continue
            }
            separator(first: written == 0, level: level + 1)
            let start = out.position
            write(member.quotedKey)
            colon()
            scratch.path.push(owner.step(m))
            do {
                try value(member.node, valueIndex, level: level + 1)
            } catch {
                scratch.path.pop()
                out.truncate(to: mark)
                try collect(error)
                continue
            }
            scratch.path.pop()
            written += 1
            if reorder { scratch.segments.append(.init(rank: member.sortedRank, start: start, end: out.position)) }
        }
        if reorder { reorderSegments(from: segmentBase, level: level + 1) }
        close(UInt8(ascii: "}"), written: written, level: level)
    }

    /// Whether plan bytes spell `null`.
    func isNull(_ span: DecodePlan.Span) -> Bool {
        guard span.count == 4 else { return false }
        let text = planBytes + span.start
        return text[0] == UInt8(ascii: "n") && text[1] == UInt8(ascii: "u") && text[2] == UInt8(ascii: "l")
            && text[3] == UInt8(ascii: "l")
    }

    /// The member (0-based within the structure) a key node names, or -1; tries `guess` (the
    /// member after the last match) first.
    @inline(__always)
    func memberIndex(of keyIndex: Int, first: Int, count: Int, guess: Int) -> Int {
        let key = nodes[keyIndex]
        if key.hasEscapes || snakeCase {
            var content = key.stringBytes(in: bytes)
            if snakeCase && content.contains(UInt8(ascii: "_")) {
                content = Array(SnakeCase.convertFromSnakeCase(String(decoding: content, as: UTF8.self)).utf8)
            }
            return content.withUnsafeBufferPointer { content in
                for m in 0..<count
                where Self.equal(members[first + m].key, planBytes, content.baseAddress ?? planBytes, content.count) {
                    return m
                }
                return -1
            }
        }
        let start = bytes + Int(key.start) + 1
        let length = key.tokenLength(in: bytes) - 2
        if guess < count && Self.equal(members[first + guess].key, planBytes, start, length) { return guess }
        for m in 0..<count where Self.equal(members[first + m].key, planBytes, start, length) { return m }
        return -1
    }

    @inline(__always)
    static func equal(
        _ name: DecodePlan.Span, _ planBytes: UnsafePointer<UInt8>, _ start: UnsafePointer<UInt8>, _ length: Int
    ) -> Bool {
        guard name.count == length else { return false }
        let name = UnsafeRawPointer(planBytes + name.start)
        let other = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 <= length {
            if name.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < length {
            if name.load(fromByteOffset: offset, as: UInt8.self) != other.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Rewrites the members written since `segmentBase` in the order of their ranks
    /// (sorted keys); the bytes keep their length, only their order changes.
    mutating func reorderSegments(from segmentBase: Int, level: Int) {
        defer { scratch.segments.removeLast(scratch.segments.count - segmentBase) }
        let count = scratch.segments.count - segmentBase
        guard count > 1 else { return }
        // Positions as indices into the bytes in memory (all of these are: `writeMembers` holds).
        let shift = out.writtenIndex(of: 0)
        let regionStart = scratch.segments[segmentBase].start + shift
        let regionEnd = scratch.segments[scratch.segments.count - 1].end + shift
        var order = Array(scratch.segments[segmentBase...])
        order.sort { $0.rank < $1.rank }
        let indent = pretty ? level * options.writer.indent : 0
        let pretty = self.pretty
        var copy = scratch.bytes
        scratch.bytes = []
        copy.removeAll(keepingCapacity: true)
        out.withWrittenBytes { written in
            copy.append(contentsOf: written[regionStart..<regionEnd])
            var position = regionStart
            for (offset, segment) in order.enumerated() {
                if offset > 0 {
                    written[position] = UInt8(ascii: ",")
                    position += 1
                    if pretty {
                        written[position] = 0x0A
                        position += 1
                        for _ in 0..<indent {
                            written[position] = 0x20
                            position += 1
                        }
                    }
                }
                for byte in copy[(segment.start + shift - regionStart)..<(segment.end + shift - regionStart)] {
                    written[position] = byte
                    position += 1
                }
            }
        }
        scratch.bytes = copy
    }

    // MARK: Enums

    /// An enum with associated values: exactly one known case key (other keys are ignored, as
    /// the synthesized conformance filters `allKeys`), its value a keyed container of the
    /// associated values.
    mutating func taggedEnum(_ t: Int, _ index: Int, level: Int) throws(WalkStop) {
        guard nodes[index].kind == .object else { throw keyedMismatch(index) }
        let plan = self.plan.taggedEnums[t]
        var found = -1
        var foundValue = -1
        var seen = [Bool](repeating: false, count: plan.cases.count)
        var distinct = 0
        for child in JSONNode.children(of: index, in: nodes) {
            let key = nodes[child].stringBytes(in: bytes)
            if let c = plan.cases.firstIndex(where: { self.plan.structureNames[$0].utf8.elementsEqual(key) }), !seen[c]
            {
                seen[c] = true
                distinct += 1
                if found < 0 {
                    found = c
                    foundValue = child + 1
                }
            }
        }
        guard distinct == 1 else {
            throw failure(.typeMismatch, "Invalid number of keys found, expected one.", node: index)
        }
        out.append(UInt8(ascii: "{"))
        newline(level + 1)
        write(DecodePlan.quoted(self.plan.structureNames[plan.cases[found]]))
        colon()
        scratch.path.push(.enumCase(plan: t, caseIndex: found))
        defer { scratch.path.pop() }
        guard nodes[foundValue].kind == .object else { throw keyedMismatch(foundValue) }
        try members(plan.cases[found], owner: .enumCase(t, found), object: foundValue, level: level + 1)
        close(UInt8(ascii: "}"), written: 1, level: level)
    }

    /// An enum with `String` or integer raw values.
    mutating func rawEnum(_ r: Int, _ index: Int) throws(WalkStop) {
        let plan = self.plan.rawEnums[r]
        let node = nodes[index]
        guard case .integer(let type) = plan.raw else {
            guard node.kind == .string else { throw mismatch("String", index) }
            let content = node.stringBytes(in: bytes)
            guard plan.strings.contains(content) else {
                throw failure(
                    .dataCorrupted,
                    "Cannot initialize \(plan.name) from invalid String value \(String(decoding: content, as: UTF8.self))",
                    node: index)
            }
            writeString(node)
            return
        }
        guard node.kind == .number else { throw mismatch(type.rawValue, index) }
        let token = node.token(in: bytes)
        guard let (negative, magnitude) = NumberText.integer(token, as: type) else {
            throw failure(
                .dataCorrupted,
                "Parsed JSON number <\(String(decoding: token, as: UTF8.self))> does not fit in \(type.rawValue).",
                node: index)
        }
        let known: Bool
        if negative {
            known =
                magnitude <= UInt64(Int64.max) + 1 && plan.integers.contains(Int64(truncatingIfNeeded: 0 &- magnitude))
        } else if magnitude <= UInt64(Int64.max) {
            known = plan.integers.contains(Int64(magnitude))
        } else {
            known = plan.largeUnsigned.contains(magnitude)
        }
        let text = negative ? "-\(magnitude)" : "\(magnitude)"
        guard known else {
            throw failure(
                .dataCorrupted, "Cannot initialize \(plan.name) from invalid \(type.rawValue) value \(text)",
                node: index)
        }
        write(text)
    }
}
