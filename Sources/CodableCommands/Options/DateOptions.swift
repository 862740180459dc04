import ArgumentParser
import CodableDates
import CodablePipeline
import Foundation

/// Which values are dates, how they are written in the input, and how to write them out.
struct DateOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Input date strategy: reference (the default), seconds, milliseconds, iso8601, format:PATTERN, auto.",
            valueName: "strategy"))
    var dates: String?

    @Option(
        name: .customLong("date"),
        help: ArgumentHelp(
            "A date field and its strategy, as PATH=STRATEGY (events[].at=seconds), or PATH alone. Repeatable.",
            valueName: "path=strategy"))
    var dateFields: [String] = []

    @Option(
        help: ArgumentHelp(
            "How to write dates out, as --dates (default: iso8601).",
            valueName: "strategy"))
    var outputDates: String?

    @Option(
        help: ArgumentHelp(
            "Time zone for format: patterns: an IANA name (Europe/Paris) or an offset (+01:00).",
            valueName: "zone"))
    var timezone = "UTC"

    @Flag(help: "Say on standard error how auto read each date field (reference, seconds or milliseconds).")
    var explainDates = false

    /// A field `--date` names, and how it is written.
    struct NamedField {
        var path: FieldPath
        var strategy: DateStrategy
    }

    /// The strategy for fields no `--date` names (`--dates`, else `fallback`), each `--date
    /// PATH[=STRATEGY]` field, and the `--output-dates` strategy (else iso8601), all read with
    /// `--timezone`.
    func parsed(defaultingTo fallback: String) throws(CommandFailure) -> (
        defaultStrategy: DateStrategy, fields: [NamedField], output: DateStrategy
    ) {
        let zone: TimeZone
        do { zone = try DateFormatPattern.timeZone(parsing: timezone) } catch {
            throw .usage("--timezone \(timezone): \(error)")
        }
        func strategy(_ text: String, _ option: String) throws(CommandFailure) -> DateStrategy {
            do { return try DateStrategy(parsing: text, timeZone: zone) } catch {
                throw .usage("\(option): \(error)")
            }
        }
        let defaultStrategy = try strategy(dates ?? fallback, "--dates \(dates ?? fallback)")
        var fields: [NamedField] = []
        for field in dateFields {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path: FieldPath
            do { path = try FieldPath(parsing: parts[0]) } catch {
                throw .usage("--date '\(field)': \(error)")
            }
            fields.append(
                NamedField(
                    path: path, strategy: parts.count == 2 ? try strategy(parts[1], "--date \(field)") : defaultStrategy
                ))
        }
        let output = try strategy(outputDates ?? "iso8601", "--output-dates \(outputDates ?? "iso8601")")
        return (defaultStrategy, fields, output)
    }

    /// How `--where` reads the dates it compares: `--date` rules by path, else `--dates`, else auto.
    func whereDates() throws(CommandFailure) -> WhereDates {
        let (fallback, fields, _) = try parsed(defaultingTo: "auto")
        return WhereDates(
            rules: fields.map { DateRewriter.Rule(path: $0.path, input: DateCodec($0.strategy)) },
            fallback: DateCodec(fallback))
    }

    /// The rewriter these options ask for, or nil when dates are left as they are.
    func makeRewriter() throws(CommandFailure) -> DateRewriter? {
        guard dates != nil || !dateFields.isEmpty || outputDates != nil else { return nil }
        let (defaultStrategy, fields, output) = try parsed(defaultingTo: "reference")
        let rules = fields.map { DateRewriter.Rule(path: $0.path, input: DateCodec($0.strategy)) }
        var autoStrings: DateCodec?
        if rules.isEmpty {
            guard dates == nil || defaultStrategy == .auto else {
                throw .usage(
                    "--dates \(dates!) needs --date PATH to name the date fields; only --dates auto finds them by itself"
                )
            }
            autoStrings = DateCodec(.auto)
        }
        return DateRewriter(rules: rules, autoStrings: autoStrings, output: DateCodec(output), explain: explainDates)
    }
}
