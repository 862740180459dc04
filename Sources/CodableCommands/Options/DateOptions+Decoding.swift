import CodableDates
import CodableDecoding
import CodablePipeline
import Foundation

extension DateOptions {
    /// The date strategies of a decode: `--dates` (default `reference`, as `JSONDecoder`) for
    /// `Date` properties, `--date PATH=STRATEGY` for the ones at PATH, `--output-dates` (default
    /// `iso8601`) for writing them. PATH names properties by their Swift keys.
    func decodingDates() throws(CommandFailure) -> (defaultDates: DateCodec, rules: [DatePathRule], output: DateCodec) {
        let (defaultStrategy, fields, output) = try parsed(defaultingTo: "reference")
        let rules = fields.map { field in
            DatePathRule(
                steps: field.path.components.map { component -> DatePathRule.Step in
                    switch component {
                    case .key(let name): return .key(name)
                    case .everyElement: return .everyElement
                    case .element(let index): return .element(index)
                    }
                }, codec: DateCodec(field.strategy))
        }
        return (DateCodec(defaultStrategy), rules, DateCodec(output))
    }
}
