import CodableDates
import CodableDecoding
import CodablePipeline
import Foundation

extension DateOptions {
    /// The date strategies of a decode: `--dates` (default `reference`, as `JSONDecoder`) for
    /// `Date` properties, `--date PATH=STRATEGY` for the ones at PATH, `--output-dates` (default
    /// `iso8601`) for writing them. PATH names properties by their Swift keys.
    func decodingDates() throws(CommandFailure) -> (defaultDates: DateCodec, rules: [DatePathRule], output: DateCodec) {
        let zone: TimeZone
        do { zone = try DateFormatPattern.timeZone(parsing: timezone) } catch {
            throw .usage("--timezone \(timezone): \(error)")
        }
        func strategy(_ text: String, _ option: String) throws(CommandFailure) -> DateStrategy {
            do { return try DateStrategy(parsing: text, timeZone: zone) } catch {
                throw .usage("\(option): \(error)")
            }
        }
        let defaultStrategy = try strategy(dates ?? "reference", "--dates \(dates ?? "reference")")
        var rules: [DatePathRule] = []
        for field in dateFields {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path: FieldPath
            do { path = try FieldPath(parsing: parts[0]) } catch {
                throw .usage("--date '\(field)': \(error)")
            }
            let input = parts.count == 2 ? try strategy(parts[1], "--date \(field)") : defaultStrategy
            let steps = path.components.map { component -> DatePathRule.Step in
                switch component {
                case .key(let name): return .key(name)
                case .everyElement: return .everyElement
                case .element(let index): return .element(index)
                }
            }
            rules.append(DatePathRule(steps: steps, codec: DateCodec(input)))
        }
        let output = try strategy(outputDates ?? "iso8601", "--output-dates \(outputDates ?? "iso8601")")
        return (DateCodec(defaultStrategy), rules, DateCodec(output))
    }
}
