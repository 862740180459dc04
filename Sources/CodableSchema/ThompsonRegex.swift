/// The common subset of ECMA-262 regular expressions (literals, `.`, classes, `\d\w\s` and
/// their negations, groups, `|`, `^`, `$`, and the quantifiers `* + ? {n,m}`, greedy or lazy),
/// compiled to a Thompson NFA and searched in linear time over UTF-8 without building a
/// String. Anything else (lookaround, backreferences, `\b`, `\p{...}`) returns nil from
/// `init`, and `SchemaRegex` uses ICU instead.
struct ThompsonRegex: Sendable {
    enum Instruction: Sendable {
        case consume(Int)  // index into sets
        case split(Int, Int)
        case jump(Int)
        case begin, end, match
    }

    private(set) var program: [Instruction] = []
    private(set) var sets: [ScalarSet] = []
    /// The pattern starts with `^`: only matches starting at offset 0 count.
    private var anchored = false

    init?(_ source: String) {
        var parser = RegexParser(scalars: Array(source.unicodeScalars))
        guard let tree = parser.parse(), program.count < 4096 else { return nil }
        if case .sequence(let items) = tree, case .begin? = items.first { anchored = true }
        guard emit(tree) else { return nil }
        program.append(.match)
        guard program.count < 4096 else { return nil }
    }

    private mutating func emit(_ node: RegexParser.Node) -> Bool {
        switch node {
        case .set(let set):
            sets.append(set)
            program.append(.consume(sets.count - 1))
        case .begin: program.append(.begin)
        case .end: program.append(.end)
        case .sequence(let items):
            for item in items where !emit(item) { return false }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    guard emit(branch) else { return false }
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    guard emit(branch) else { return false }
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeat(let body, let minimum, let maximum):
            for _ in 0..<minimum where !emit(body) { return false }
            if let maximum {
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    guard emit(body), program.count < 4096 else { return false }
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                program.append(.split(loop + 1, 0))
                guard emit(body) else { return false }
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
        return program.count < 4096
    }

    /// True when the pattern matches somewhere in the UTF-8 `text`.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        program.withUnsafeBufferPointer { program in
            sets.withUnsafeBufferPointer { sets in
                Self.run(program, sets, anchored: anchored, text)
            }
        }
    }

    private static func run(
        _ program: UnsafeBufferPointer<Instruction>, _ sets: UnsafeBufferPointer<ScalarSet>,
        anchored: Bool, _ text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let size = program.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: size * 5 + 2) { memory in
            let base = memory.baseAddress!
            var current = base
            var next = base + size
            let marks = base + 2 * size  // generation stamp per instruction
            let stack = base + 3 * size  // room for 2 * size + 2 pending targets
            for index in 0..<size { marks[index] = -1 }
            var currentCount = 0
            var generation = 0
            var offset = 0
            while true {
                // Start a new attempt here (a search), unless anchored.
                if offset == 0 || !anchored {
                    if add(
                        program, 0, at: offset, length: text.count, list: current, count: &currentCount, marks: marks,
                        generation: generation, stack: stack)
                    {
                        return true
                    }
                }
                if currentCount == 0 && (anchored || offset >= text.count) { return false }
                guard offset < text.count else { return false }
                let (scalar, width) = decode(text, at: offset)
                offset += width
                generation += 1
                var nextCount = 0
                for index in 0..<currentCount {
                    if case .consume(let set) = program[current[index]], sets[set].contains(scalar) {
                        if add(
                            program, current[index] + 1, at: offset, length: text.count, list: next, count: &nextCount,
                            marks: marks, generation: generation, stack: stack)
                        {
                            return true
                        }
                    }
                }
                swap(&current, &next)
                currentCount = nextCount
            }
        }
    }

    /// Follows splits, jumps and assertions from `start`, adding the consuming instructions
    /// reached to `list`; true when `match` is reached.
    private static func add(
        _ program: UnsafeBufferPointer<Instruction>, _ start: Int, at offset: Int, length: Int,
        list: UnsafeMutablePointer<Int>, count: inout Int,
        marks: UnsafeMutablePointer<Int>, generation: Int, stack: UnsafeMutablePointer<Int>
    ) -> Bool {
        var depth = 0
        stack[0] = start
        depth = 1
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            if marks[pc] == generation { continue }
            marks[pc] = generation
            switch program[pc] {
            case .consume:
                list[count] = pc
                count += 1
            case .split(let first, let second):
                stack[depth] = second
                stack[depth + 1] = first
                depth += 2
            case .jump(let target):
                stack[depth] = target
                depth += 1
            case .begin:
                if offset == 0 {
                    stack[depth] = pc + 1
                    depth += 1
                }
            case .end:
                if offset == length {
                    stack[depth] = pc + 1
                    depth += 1
                }
            case .match:
                return true
            }
        }
        return false
    }

    /// The scalar at `offset` of valid UTF-8, and its width in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(text[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(text[offset + 1] & 0x3F) << 6 | UInt32(text[offset + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(text[offset + 1] & 0x3F) << 12 | UInt32(text[offset + 2] & 0x3F) << 6
                | UInt32(text[offset + 3] & 0x3F), 4
        )
    }
}
