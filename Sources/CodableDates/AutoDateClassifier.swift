/// How `auto` classes a JSON number by magnitude.
///
/// | `abs(value)`              | class          | covers (when the class is right)        |
/// |---------------------------|----------------|-----------------------------------------|
/// | `< 1e9`                   | `reference`    | 1969-04-24 … 2032-09-09                 |
/// | `1e9 ..< 1e11`            | `seconds`      | 2001-09-09 … 5138-11-16 (and pre-1970)  |
/// | `>= 1e11`                 | `milliseconds` | from 1973-03-03 on (and before 1966-10) |
///
/// The ranges of reference-date seconds and Unix seconds overlap for 1970–2032, so no rule can
/// be right for every value: Unix seconds before 2001-09-09 are read as reference dates, and
/// reference dates after 2032-09-09 as Unix seconds. Use an explicit strategy for such data.
public enum AutoDateClassifier {
    /// Below this magnitude a number is reference-date seconds.
    public static let referenceLimit = 1e9
    /// From `referenceLimit` up to this magnitude a number is Unix seconds; above, milliseconds.
    public static let secondsLimit = 1e11

    /// The class `auto` gives to `value`.
    public static func kind(of value: Double) -> DateKind {
        let magnitude = value.magnitude
        if magnitude < referenceLimit { return .reference }
        if magnitude < secondsLimit { return .seconds }
        return .milliseconds
    }
}
