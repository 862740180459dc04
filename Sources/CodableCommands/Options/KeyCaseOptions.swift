import ArgumentParser

/// `convert --keys`: every key rewritten (a transform, applied after `--rename`). Kept apart
/// from `TransformOptions` because `decode --keys` names how JSON keys match property names.
struct KeyCaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Rewrite every key, exactly as JSONEncoder's .convertToSnakeCase (snake_case) or JSONDecoder's .convertFromSnakeCase (camelCase) would.",
            valueName: "case"))
    var keys: KeyCaseArgument?
}
