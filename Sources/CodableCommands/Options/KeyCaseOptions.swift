import ArgumentParser

/// `convert --keys`: every key rewritten (a transform, applied after `--rename`). Kept apart
/// from `TransformOptions` because `decode --keys` names how JSON keys match property names.
struct KeyCaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Rewrite every key in this case, as JSONEncoder or JSONDecoder would.",
            valueName: "case"))
    var keys: KeyCaseArgument?
}
