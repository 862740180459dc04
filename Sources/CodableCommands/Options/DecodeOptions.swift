import ArgumentParser
import CodableDecoding

/// How records are decoded: keys, data, non-finite floats (a bad record: `--on-error`, in
/// `TransformOptions`).
struct DecodeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How JSON keys match property names.",
            valueName: "strategy"))
    var keys: KeyMatching = .default

    @Option(
        help: ArgumentHelp(
            "How Data is written: base64 (a string) or deferred (bytes).",
            valueName: "strategy"))
    var data: DecodingOptions.DataStrategy = .base64

    @Option(
        help: ArgumentHelp(
            "Read and write these strings as inf, -inf and NaN.",
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
