import CodableDates

/// A property wrapper the generated source declares so that a date field written with another
/// strategy than the decoder's still decodes with the one decoder.
struct DateWrapper: Hashable, Comparable, Sendable {
    /// How the field's dates are written.
    let strategy: DateStrategy
    /// The field is `Date?`.
    let isOptional: Bool

    /// The strategies a field can be inferred with, in the order ties are broken.
    static let strategies: [DateStrategy] = [.iso8601, .seconds, .milliseconds, .reference]

    /// The wrapper's type name: `SecondsSince1970Date`, `OptionalISO8601Date`.
    var name: String { (isOptional ? "Optional" : "") + Self.baseName(strategy) }

    static func baseName(_ strategy: DateStrategy) -> String {
        switch strategy {
        case .seconds: "SecondsSince1970Date"
        case .milliseconds: "MillisecondsSince1970Date"
        case .reference: "ReferenceDate"
        default: "ISO8601Date"
        }
    }

    /// Every name a wrapper can have.
    static let allNames: Set<String> = Set(
        strategies.flatMap { [baseName($0), "Optional" + baseName($0)] })

    /// `JSONDecoder.DateDecodingStrategy` spelled in Swift.
    static func decoderStrategy(_ strategy: DateStrategy) -> String {
        switch strategy {
        case .seconds: ".secondsSince1970"
        case .milliseconds: ".millisecondsSince1970"
        case .reference: ".deferredToDate"
        default: ".iso8601"
        }
    }

    /// A `Date` from `value` (a `Double` or a `String`, as the strategy reads) in Swift.
    var readExpression: (type: String, make: String) {
        switch strategy {
        case .seconds: ("Double", "Date(timeIntervalSince1970: value)")
        case .milliseconds: ("Double", "Date(timeIntervalSince1970: value / 1000)")
        case .reference: ("Double", "Date(timeIntervalSinceReferenceDate: value)")
        default: ("String", "try Date(value, strategy: .iso8601)")
        }
    }

    /// The value a `Date` named `date` is written as, in Swift.
    var writeExpression: String {
        switch strategy {
        case .seconds: "date.timeIntervalSince1970"
        case .milliseconds: "date.timeIntervalSince1970 * 1000"
        case .reference: "date.timeIntervalSinceReferenceDate"
        default: "date.formatted(.iso8601)"
        }
    }

    static func < (lhs: DateWrapper, rhs: DateWrapper) -> Bool { lhs.name < rhs.name }
}
