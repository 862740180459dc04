import ArgumentParser
import CodableDecoding

/// How records are decoded: keys, data, non-finite floats (a bad record: `--on-error`, in
/// `TransformOptions`).
struct DecodeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How JSON keys match property names: default (as written) or snake_case (first_name matches firstName, as JSONDecoder's .convertFromSnakeCase). Output keys are the property names.",
            valueName: "strategy"))
    var keys: KeyMatching = .default

    @Option(
        help: ArgumentHelp(
            "How Data is written: base64 (a base64 string, the default) or deferred (an array of bytes, as .deferredToData).",
            valueName: "strategy"))
    var data: DecodingOptions.DataStrategy = .base64

    @Option(
        help: ArgumentHelp(
            "Accept these three strings for +infinity, -infinity and NaN in Float and Double fields, and write them back the same way (.convertFromString / .convertToString), e.g. Infinity,-Infinity,NaN. Default: such strings are type mismatches.",
            valueName: "pos,neg,nan"))
    var nonConformingFloats: String?

    /// `--keys`.
    enum KeyMatching: String, CaseIterable, ExpressibleByArgument {
        case `default`
        case snakeCase = "snake_case"
    }

    /// The strings of `--non-conforming-floats`.
    func nonConforming() throws(CommandFailure) -> DecodingOptions.NonConformingFloats? {
        guard let text = nonConformingFloats else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts.contains(where: \.isEmpty), Set(parts).count == 3 else {
            throw .usage(
                "--non-conforming-floats '\(text)': expected three different non-empty strings, as POS,NEG,NAN (for example Infinity,-Infinity,NaN)"
            )
        }
        return .init(positiveInfinity: parts[0], negativeInfinity: parts[1], nan: parts[2])
    }
}

extension DecodingOptions.DataStrategy: ExpressibleByArgument {}
