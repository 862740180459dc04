import CodableModels
import CodableParsing

extension ModelRemedy {
    /// What would let a schema that is not JSON for `reason` be read; nil when only fixing
    /// its text would.
    init?(_ reason: JSONSyntaxError.Reason) {
        switch reason {
        case .tooDeep: self = .higherDepthLimit
        case .tooManyValues, .recordTooLarge: self = .readArrayRecordByRecord
        default: return nil
        }
    }
}
