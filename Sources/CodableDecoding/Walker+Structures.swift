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
        try members(structures[s], owner: .structure(s), object: index, level: level)
    }

    /// Matches an object's keys to `structure`'s members, then decodes and writes the members.
    mutating func members(_ structure: DecodePlan.Structure, owner: MemberOwner, object index: Int, level: Int) throws(WalkStop) {
        let members = structure.members
        let base = scratch.slots.count
        for _ in 0..<members.count { scratch.slots.append(-1) }
        defer { scratch.slots.removeLast(members.count) }
        var child = index + 1
        var guess = 0
        for _ in 0..<Int(nodes[index].count) {
            let m = memberIndex(of: child, in: members, guess: guess)
            if m >= 0 {
                if scratch.slots[base + m] < 0 { scratch.slots[base + m] = child + 1 }
                guess = m + 1
            }
            child += 1 + nodes[child + 1].span
        }

        let reorder = sortKeys && !structure.alreadySorted
        let segmentBase = scratch.segments.count
        out.append(UInt8(ascii: "{"))
        var written = 0
        for m in 0..<members.count {
            let member = members[m]
            let mark = out.position
            if let constant = member.constant {
                if member.isOptional && constant == Self.null { continue }
                separator(first: written == 0, level: level + 1)
                let start = out.position
                write(member.quotedKey)
                colon()
                write(constant)
                written += 1
                if reorder { scratch.segments.append(.init(rank: member.sortedRank, start: start, end: out.position)) }
                continue
            }
            let valueIndex = scratch.slots[base + m]
            if valueIndex < 0 || (member.isOptional && nodes[valueIndex].kind == .null) {
                if member.isOptional { continue }
                try collect(failure(.keyNotFound, "No value associated with key \(structure.codingKeys)(stringValue: \"\(member.key)\", intValue: nil) (\"\(member.key)\").", node: index))
                continue
            }
            separator(first: written == 0, level: level + 1)
            let start = out.position
            write(member.quotedKey)
            colon()
            scratch.path.append(owner.step(m))
            do {
                try value(member.node, valueIndex, level: level + 1)
            } catch {
                scratch.path.removeLast()
                out.truncate(to: mark)
                try collect(error)
                continue
            }
            scratch.path.removeLast()
            written += 1
            if reorder { scratch.segments.append(.init(rank: member.sortedRank, start: start, end: out.position)) }
        }
        if reorder { reorderSegments(from: segmentBase, level: level + 1) }
        close(UInt8(ascii: "}"), written: written, level: level)
    }

    static let null: [UInt8] = Array("null".utf8)

    /// The member a key node names, or -1; tries `guess` (the member after the last match) first.
    @inline(__always)
    func memberIndex(of keyIndex: Int, in members: [DecodePlan.Member], guess: Int) -> Int {
        let key = nodes[keyIndex]
        if key.hasEscapes || snakeCase {
            var content = key.stringBytes(in: bytes)
            if snakeCase && content.contains(UInt8(ascii: "_")) {
                content = Array(SnakeCase.convertFromSnakeCase(String(decoding: content, as: UTF8.self)).utf8)
            }
            return members.firstIndex { $0.keyBytes == content } ?? -1
        }
        let start = bytes + Int(key.start) + 1
        let length = Int(key.length) - 2
        if guess < members.count && Self.equal(members[guess].keyBytes, start, length) { return guess }
        for m in 0..<members.count where Self.equal(members[m].keyBytes, start, length) { return m }
        return -1
    }

    @inline(__always)
    static func equal(_ name: [UInt8], _ start: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        guard name.count == length else { return false }
        return name.withUnsafeBufferPointer { name in
            for offset in 0..<length where name[offset] != start[offset] { return false }
            return true
        }
    }

    /// Rewrites the members written since `segmentBase` in the order of their ranks
    /// (`--sort-keys`); the bytes keep their length, only their order changes.
    mutating func reorderSegments(from segmentBase: Int, level: Int) {
        defer { scratch.segments.removeLast(scratch.segments.count - segmentBase) }
        let count = scratch.segments.count - segmentBase
        guard count > 1 else { return }
        let regionStart = scratch.segments[segmentBase].start
        let regionEnd = scratch.segments[scratch.segments.count - 1].end
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
                    written[position] = UInt8(ascii: ","); position += 1
                    if pretty {
                        written[position] = 0x0A; position += 1
                        for _ in 0..<indent { written[position] = 0x20; position += 1 }
                    }
                }
                for byte in copy[(segment.start - regionStart)..<(segment.end - regionStart)] {
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
        let plan = taggedEnums[t]
        var found = -1
        var foundValue = -1
        var seen = [Bool](repeating: false, count: plan.cases.count)
        var distinct = 0
        var child = index + 1
        for _ in 0..<Int(nodes[index].count) {
            let key = nodes[child].stringBytes(in: bytes)
            if let c = plan.cases.firstIndex(where: { $0.name.utf8.elementsEqual(key) }), !seen[c] {
                seen[c] = true
                distinct += 1
                if found < 0 { found = c; foundValue = child + 1 }
            }
            child += 1 + nodes[child + 1].span
        }
        guard distinct == 1 else {
            throw failure(.typeMismatch, "Invalid number of keys found, expected one.", node: index)
        }
        out.append(UInt8(ascii: "{"))
        newline(level + 1)
        write(DecodePlan.quoted(plan.cases[found].name))
        colon()
        scratch.path.append(.enumCase(plan: t, caseIndex: found))
        defer { scratch.path.removeLast() }
        guard nodes[foundValue].kind == .object else { throw keyedMismatch(foundValue) }
        try members(plan.cases[found], owner: .enumCase(t, found), object: foundValue, level: level + 1)
        close(UInt8(ascii: "}"), written: 1, level: level)
    }

    /// An enum with `String` or integer raw values.
    mutating func rawEnum(_ r: Int, _ index: Int) throws(WalkStop) {
        let plan = rawEnums[r]
        let node = nodes[index]
        guard case .integer(let type) = plan.raw else {
            guard node.kind == .string else { throw mismatch("String", index) }
            let content = node.stringBytes(in: bytes)
            guard plan.strings.contains(content) else {
                throw failure(.dataCorrupted, "Cannot initialize \(plan.name) from invalid String value \(String(decoding: content, as: UTF8.self))", node: index)
            }
            writeString(node)
            return
        }
        guard node.kind == .number else { throw mismatch(type.rawValue, index) }
        let token = node.token(in: bytes)
        guard let (negative, magnitude) = NumberText.integer(token, as: type) else {
            throw failure(.dataCorrupted, "Parsed JSON number <\(String(decoding: token, as: UTF8.self))> does not fit in \(type.rawValue).", node: index)
        }
        let known: Bool
        if negative {
            known = magnitude <= UInt64(Int64.max) + 1 && plan.integers.contains(Int64(truncatingIfNeeded: 0 &- magnitude))
        } else if magnitude <= UInt64(Int64.max) {
            known = plan.integers.contains(Int64(magnitude))
        } else {
            known = plan.largeUnsigned.contains(magnitude)
        }
        let text = negative ? "-\(magnitude)" : "\(magnitude)"
        guard known else {
            throw failure(.dataCorrupted, "Cannot initialize \(plan.name) from invalid \(type.rawValue) value \(text)", node: index)
        }
        write(text)
    }
}
