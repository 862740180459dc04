import CodableParsing

/// Unkeyed containers and dictionaries.
extension Walker {
    /// `[T]`, and `Set<T>` (`unique`: a value equal to an earlier one is dropped, as inserting it
    /// into the set would; values are compared as written out).
    mutating func array(_ element: Int, _ index: Int, level: Int, unique: Bool) throws(WalkStop) {
        guard nodes[index].kind == .array else { throw unkeyedMismatch(index) }
        out.append(UInt8(ascii: "["))
        var seen = DistinctSpans(capacity: unique ? JSONNode.memberCount(of: index, in: nodes) : 0)
        if unique { out.hold() }  // the elements are compared as written, in memory
        defer { if unique { out.endHold() } }
        var written = 0
        var child = index + 1
        let end = child + nodes[index].size
        var position = -1
        while child < end {
            position += 1
            let mark = out.position
            separator(first: written == 0, level: level + 1)
            let start = out.position
            scratch.path.push(.index(position))
            do {
                try value(element, child, level: level + 1)
                written += 1
            } catch {
                out.truncate(to: mark)
                scratch.path.pop()
                try collect(error)
                child += nodes[child].span
                continue
            }
            scratch.path.pop()
            if unique {
                let first = out.writtenIndex(of: start)
                let inserted = out.withWrittenBytes { written in
                    seen.insert(first..<written.count, in: UnsafeBufferPointer(written))
                }
                if !inserted {
                    out.truncate(to: mark)
                    written -= 1
                }
            }
            child += nodes[child].span
        }
        close(UInt8(ascii: "]"), written: written, level: level)
    }

    /// `[String: V]` and `[Int: V]`: an object; the first of duplicate keys wins (as
    /// `JSONDecoder` reads objects); keys in input order, or in code-point order when
    /// sorted. `Int` keys are written as `Int` would print them (`"01"` becomes `"1"`).
    mutating func keyedDictionary(keyIsInt: Bool, _ valueNode: Int, _ index: Int, level: Int) throws(WalkStop) {
        guard nodes[index].kind == .object else { throw keyedMismatch(index) }
        let count = JSONNode.memberCount(of: index, in: nodes)
        // String keys in input order: each new key's member is written as it comes (listed
        // first, at 8 bytes a member, a huge dictionary would be held again beside its record).
        // Int keys are all checked before any value, and equal Ints assign in turn; sorted keys
        // are written once all are known.
        let writesAsRead = !keyIsInt && !sortKeys
        // Otherwise each kept member as two node numbers, not an array each (which would hold a
        // huge dictionary several times over); keys compared in place, Int keys by a table of
        // their values, not a linear search (quadratic time in the number of keys).
        var entries: [(keyNode: Int32, valueNode: Int32)] = []
        // With sorted keys, String keys go straight into their order, named where they stand
        // (a key's value is the node after it); Int keys, under the names `Int` prints.
        var sortedStringKeys = sortKeys && !keyIsInt ? KeyOrder(keysOf: index, in: nodes, bytes: bytes) : nil
        if sortedStringKeys != nil {
            sortedStringKeys!.reserveCapacity(count)
        } else if !writesAsRead {
            entries.reserveCapacity(count)
        }
        var seen = DistinctKeys(count: keysAreDistinct ? 0 : count)  // a CSV row's keys are distinct already
        var entryOfInt: [Int: Int] = [:]
        var intKeys: [Int] = []  // each entry's Int, read once
        var written = 0
        if writesAsRead { out.append(UInt8(ascii: "{")) }
        var child = index + 1
        for _ in 0..<count {
            let isNew =
                keysAreDistinct
                || nodes[child].withStringBytes(in: bytes) { seen.insert(child, named: $0, nodes: nodes, base: bytes) }
            if keyIsInt {
                guard let number = intKey(child) else {
                    scratch.path.push(.dictionaryKey(node: child))
                    let stop = failure(.typeMismatch, "Expected Int key but found String key instead.", node: child)
                    scratch.path.pop()
                    throw stop
                }
                // The object keeps the first of equal keys; keys that differ but denote the same
                // Int (`"1"`, `"01"`) are assigned in turn, so the last one wins.
                if isNew {
                    if let earlier = entryOfInt[number] {
                        entries[earlier].valueNode = Int32(truncatingIfNeeded: child + 1)
                    } else {
                        entryOfInt[number] = entries.count
                        entries.append((Int32(truncatingIfNeeded: child), Int32(truncatingIfNeeded: child + 1)))
                        intKeys.append(number)
                    }
                }
            } else if isNew {
                if writesAsRead {
                    if try member(
                        key: child, intKey: nil, valueType: valueNode, value: child + 1, first: written == 0,
                        level: level)
                    {
                        written += 1
                    }
                } else if sortedStringKeys != nil {
                    sortedStringKeys!.append(key: child)
                } else {
                    entries.append((Int32(truncatingIfNeeded: child), Int32(truncatingIfNeeded: child + 1)))
                }
            }
            child += 1 + nodes[child + 1].span
        }
        seen = DistinctKeys(count: 0)  // let go before sorting
        entryOfInt = [:]
        if writesAsRead {
            close(UInt8(ascii: "}"), written: written, level: level)
            return
        }
        // With sorted keys, the String keys' nodes, or the Int keys' entries' positions, in
        // code-point order of their keys.
        var sorted: KeyList?
        if let order = sortedStringKeys.take() {
            sorted = order.sorted()
        } else if sortKeys {
            var order = KeyOrder(base: 0)
            for (position, number) in intKeys.enumerated() { order.append(Array(String(number).utf8), id: position) }
            sorted = order.sorted()
        }
        out.append(UInt8(ascii: "{"))
        for step in 0..<(sorted?.count ?? entries.count) {
            // A sorted String key, whose value is the node after it; else an entry.
            let position = keyIsInt ? sorted?[step] ?? step : step
            let keyNode: Int
            let memberValue: Int
            if let sorted, !keyIsInt {
                keyNode = sorted[step]
                memberValue = keyNode + 1
            } else {
                keyNode = Int(entries[position].keyNode)
                memberValue = Int(entries[position].valueNode)
            }
            let intKey = keyIsInt ? intKeys[position] : nil
            if try member(
                key: keyNode, intKey: intKey, valueType: valueNode, value: memberValue, first: written == 0,
                level: level)
            {
                written += 1
            }
        }
        close(UInt8(ascii: "}"), written: written, level: level)
    }

    /// Writes one member of a dictionary: the key at node `keyNode` (as `intKey` prints, for an
    /// `Int` key), and its value at node `memberValue` as the value type at `valueNode`; false
    /// when the value failed and was collected (the member is taken back out).
    private mutating func member(
        key keyNode: Int, intKey: Int?, valueType valueNode: Int, value memberValue: Int, first: Bool, level: Int
    ) throws(WalkStop) -> Bool {
        let mark = out.position
        separator(first: first, level: level + 1)
        if let intKey {
            out.append(UInt8(ascii: "\""))
            write(String(intKey))
            out.append(UInt8(ascii: "\""))
        } else {
            writeString(nodes[keyNode])
        }
        colon()
        scratch.path.push(.dictionaryKey(node: keyNode))
        do {
            try value(valueNode, memberValue, level: level + 1)
        } catch {
            out.truncate(to: mark)
            scratch.path.pop()
            try collect(error)
            return false
        }
        scratch.path.pop()
        return true
    }

    /// The `Int` the key at `node` denotes, as `Int(String)` reads it; nil when it denotes none.
    private func intKey(_ node: Int) -> Int? {
        Int(String(decoding: nodes[node].stringBytes(in: bytes), as: UTF8.self))
    }

    /// A dictionary with any other key type: an array alternating keys and values, as
    /// `JSONEncoder` writes it. For a repeated key the last value wins (the dictionary is built
    /// by assignment).
    mutating func pairDictionary(_ keyNode: Int, _ valueNode: Int, _ index: Int, level: Int) throws(WalkStop) {
        guard nodes[index].kind == .array else { throw unkeyedMismatch(index) }
        let count = JSONNode.memberCount(of: index, in: nodes)
        guard count % 2 == 0 else {
            throw failure(
                .dataCorrupted, "Expected collection of key-value pairs; encountered odd-length array instead.",
                node: index)
        }
        let arrayStart = out.position
        out.append(UInt8(ascii: "["))
        out.hold()  // the pairs are read back, in memory, when a key repeats
        defer { out.endHold() }
        var pairs: [(key: [UInt8], start: Int, end: Int)] = []
        var child = index + 1
        var failed = false
        for position in 0..<count {
            let mark = out.position
            separator(first: position == 0, level: level + 1)
            let start = out.position
            scratch.path.push(.index(position))
            do {
                try value(position % 2 == 0 ? keyNode : valueNode, child, level: level + 1)
            } catch {
                out.truncate(to: mark)
                scratch.path.pop()
                try collect(error)
                failed = true
                child += nodes[child].span
                continue
            }
            scratch.path.pop()
            if position % 2 == 0 {
                let first = out.writtenIndex(of: start)
                pairs.append((out.withWrittenBytes { Array($0[first..<$0.count]) }, start, out.position))
            } else if !pairs.isEmpty {
                pairs[pairs.count - 1].end = out.position
            }
            child += nodes[child].span
        }
        if failed {  // collecting problems: the output is thrown away
            close(UInt8(ascii: "]"), written: 0, level: level)
            return
        }
        var keep: [Int] = []
        var seen = Set<[UInt8]>()
        for (offset, pair) in pairs.enumerated().reversed() where seen.insert(pair.key).inserted { keep.append(offset) }
        if keep.count < pairs.count {
            let kept = keep.reversed().map { offset in
                let (first, end) = (out.writtenIndex(of: pairs[offset].start), out.writtenIndex(of: pairs[offset].end))
                return out.withWrittenBytes { Array($0[first..<end]) }
            }
            out.truncate(to: arrayStart + 1)
            for (offset, bytes) in kept.enumerated() {
                separator(first: offset == 0, level: level + 1)
                write(bytes)
            }
        }
        close(UInt8(ascii: "]"), written: pairs.count, level: level)
    }
}
