import CodableDecoding
import CodableReports
import CodableSchema

extension CodableCommand.Validate {
    /// `--check-schema`: the schema and the files its `$ref`s name against their
    /// metaschemas; every problem printed, then status 2 when there was one.
    func checkSchemaFiles(_ schema: String) async throws(CommandFailure) {
        let fetcher = schemaFetcher
        // On a thread of its own: remote schemas are fetched meanwhile (see `onOwnThread`).
        let check = try await onOwnThread { () throws(CommandFailure) in
            try SchemaSelfCheck(path: schema, loader: fetcher)
        }
        for problem in check.problems { Diagnostics().report(problem) }
        guard check.problems.isEmpty else { throw .reported(.usage) }
        if !quiet {
            Diagnostics().line(
                check.files.count == 1
                    ? "\(schema): valid against its metaschema"
                    : "\(check.files.joined(separator: ", ")): valid against their metaschemas")
        }
    }

    /// What to check each input with, and what reports name as checked against: the
    /// `--schema` or `--model`, or else the rules of `.codable.yaml`.
    func plan() async throws(CommandFailure) -> ([RunInput], ValidationSubject) {
        if schema != nil || !model.model.isEmpty {
            let command = self
            let check = try await onOwnThread { () throws(CommandFailure) in try command.makeCheck() }
            return (expandInputs().map { entry in entry.checked(by: check) }, check.checker.subject)
        }
        guard let path = ValidationConfig.find() else {
            throw .usage(
                "Name what to check against: --schema FILE, or --model FILE.swift with --type NAME (or write a \(ValidationConfig.fileName))."
            )
        }
        if schemaDir != nil || assertFormats || each || dates.dates != nil || !dates.dateFields.isEmpty
            || keys != .default
        {
            throw .usage("with \(path), options that say how to check go in its rules, not on the command line")
        }
        let config = try ValidationConfig(path: path)
        let plan = try await config.plan(files: input.files, command: self)
        for unchecked in plan.unchecked {
            Diagnostics().line("\(unchecked.file): \(strict ? "error" : "note"): unchecked: \(unchecked.reason)")
        }
        if strict && !plan.unchecked.isEmpty {
            let files = plan.unchecked.count == 1 ? "1 file is" : "\(plan.unchecked.count) files are"
            throw .usage("\(files) not covered by \(path) (--strict)")
        }
        return (plan.inputs, ValidationSubject(kind: "config", source: path))
    }

    /// How `http(s)` schemas are had: the cache, else the network as `--timeout`, `--retry`,
    /// `--offline` and `--no-cache` say.
    var schemaFetcher: SchemaFetcher {
        SchemaFetcher(
            settings: input.pages.httpSettings, cache: SchemaCache.standard(), offline: offline, refetch: noCache)
    }

    /// The checker `--schema` or `--model` makes, and whether it checks a top-level array's
    /// elements one by one: with a schema, `--each`; with a model, unless its type is an
    /// array (`[T]` checks each input whole).
    func makeCheck() throws(CommandFailure) -> RecordCheck {
        let checker = try makeChecker()
        guard let model = checker as? ModelChecker else {
            return RecordCheck(checker: checker, arrayElementsAreRecords: each)
        }
        return RecordCheck(checker: checker, arrayElementsAreRecords: !model.checksWholeArrays)
    }

    private func makeChecker() throws(CommandFailure) -> any RecordChecker {
        if let schema {
            var options = SchemaOptions(assertFormats: assertFormats, schemaDirectory: schemaDir)
            options.remoteLoader = schemaFetcher
            return try SchemaChecker(path: schema, options: options)
        }
        let (models, root) = try model.load()
        let dateStrategies = try dates.decodingDates()
        let options = DecodingOptions(
            keys: keys == .snakeCase ? .convertFromSnakeCase : .useDefaultKeys,
            dateRules: dateStrategies.rules, defaultDates: dateStrategies.defaultDates)
        return try ModelChecker(
            models: models, root: root, type: model.type ?? "", sources: model.model, options: options)
    }

    /// Files, `-`, and globs expanded in place (in command-line order): a file, or a
    /// pattern that matched nothing.
    private func expandInputs() -> [InputEntry] {
        guard !input.files.isEmpty else { return [.file(InputFile(path: nil))] }
        var entries: [InputEntry] = []
        for name in input.files {
            let pattern = GlobPattern(text: name)
            if name == "-" {
                entries.append(.file(InputFile(path: nil)))
            } else if pattern.isPattern && !name.contains("://") {  // a URL's ? is not a glob
                let matches = pattern.matches()
                if matches.isEmpty { entries.append(.unmatchedPattern(name)) }
                entries += matches.map { .file(InputFile(path: $0)) }
            } else {
                entries.append(.file(InputFile(path: name)))
            }
        }
        return entries
    }

    /// A named input, before it is known what checks it.
    private enum InputEntry {
        case file(InputFile)
        case unmatchedPattern(String)

        func checked(by check: RecordCheck) -> RunInput {
            switch self {
            case .file(let file): RunInput(file: file, check: check)
            case .unmatchedPattern(let pattern): .unmatched(pattern)
            }
        }
    }
}
