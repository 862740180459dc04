/// One step of the path the decoder is at, kept as plain integers so that walking costs no
/// reference counting; turned into `CodingPathComponent`s only when a failure or a date rule
/// needs them.
enum PathStep {
    /// A member of a structure (or an enum case's parameter): the member's key.
    case member(plan: Int, member: Int)
    /// The case key of a tagged enum.
    case enumCase(plan: Int, caseIndex: Int)
    /// An associated value of a tagged enum case.
    case parameter(plan: Int, caseIndex: Int, member: Int)
    /// An array, set or pair-dictionary element.
    case index(Int)
    /// A dictionary key, by its key node on the tape.
    case dictionaryKey(node: Int)
}

/// Why a walk stopped.
enum WalkStop: Error {
    /// The data does not decode.
    case failure(DecodingFailure)
    /// The model cannot decode it.
    case model(ModelProblem)
    /// Enough problems were collected.
    case limitReached
}

/// The steps of the path the decoder is at: a stack on manually managed memory (pushing and
/// popping are a store and a counter, with no copy-on-write checks). Freed by its owner.
struct PathStack {
    private var base: UnsafeMutablePointer<PathStep>
    private var capacity: Int
    /// Number of steps.
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    /// Frees the memory; the stack is not used after.
    func deallocate() { base.deallocate() }

    @inline(__always)
    mutating func push(_ step: PathStep) {
        if count == capacity { grow() }
        (base + count).initialize(to: step)
        count += 1
    }

    @inline(__always)
    mutating func pop() { count -= 1 }

    mutating func removeAll() { count = 0 }

    subscript(index: Int) -> PathStep { base[index] }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<PathStep>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
