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
