import ArgumentParser
import CodableDecoding
import CodableReports
import CodableSchema

extension CodableCommand {
    /// `codable validate`: every problem of every record, for CI.
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check documents or records against a JSON Schema or Swift model.",
            discussion: """
                Checks against --schema FILE (draft 2020-12, or 2019-09, 07, 06 or 04 by its \
                $schema), or --model FILE.swift with --type NAME, or the rules of .codable.yaml. \
                Files may be globs, expanded by codable itself so \
                that quoted patterns work in any shell or CI: 'data/**/*.json' (** is any \
                number of directories; matches are sorted; a pattern that matches nothing is \
                reported like an unreadable file). With --schema, each JSON text, YAML \
                document and JSON Lines line is checked whole, as every schema validator does; \
                --each checks the elements of a top-level array (or YAML sequence) one by one \
                instead, as a stream. With --model, --type says it: T checks each element of a \
                top-level array, [T] the whole array. Every problem is reported with its file, \
                line and column, its path, and the schema keyword or model member it breaks.

                Without --schema or --model, the rules of the nearest .codable.yaml (in the \
                current folder or above) say what checks what: a 'validate' list of rules, each \
                with 'files' (patterns, from the config's folder) and 'schema' or 'model' and \
                'type', plus any of schema-dir, assert-formats, each, dates, date and keys. With \
                no files named, each rule's files are checked; named files (as pre-commit \
                passes them) are checked by every rule that matches them, else against the \
                schema their own $schema member names (a path or a URL), else listed as \
                unchecked (--strict: status 2). See docs/validate.md.

                Reports (--report) go to standard output or -o FILE: text (the default; \
                FILE:LINE:COL: error: MESSAGE with the path and the source line), json (a \
                versioned document, see docs/validate-report.md), github (workflow commands \
                that GitHub Actions shows as annotations; the default when GITHUB_ACTIONS=true), \
                junit (one test case per file), sarif (SARIF 2.1.0 for GitHub code \
                scanning) and gitlab (GitLab Code Quality JSON). The summary line, and in text \
                reports unreadable files, go to standard error. --quiet prints no report and no summary: only the exit status \
                (and errors about unreadable files or the schema) tell.

                At most --max-errors problems are reported (default 1000, 0 for no limit), so a \
                report and the memory it needs stay bounded: the run stops at the first problem \
                past the limit and the summary ends "(stopped at --max-errors 1000; \
                --max-errors 0 for all)". Exactly that many problems is a complete run.

                When a run has unreadable inputs and invalid records, the status is 3: the \
                check is incomplete, which matters more than what it found.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions

        @Option(
            help: ArgumentHelp(
                "JSON Schema to check against: draft 2020-12, or 2019-09, 07, 06 or 04 by its $schema.",
                valueName: "file"))
        var schema: String?

        @Option(
            help: ArgumentHelp(
                "Folder that remote $refs resolve from, by path or by $id (default: the schema's own folder).",
                valueName: "dir"))
        var schemaDir: String?

        @Flag(help: "Make format (date-time, email, uuid, ...) an assertion instead of an annotation.")
        var assertFormats = false

        @Flag(help: "With --schema: check each element of a top-level array or YAML sequence, not the whole.")
        var each = false

        @OptionGroup(title: "Model") var model: ModelOptions

        @Option(
            help: ArgumentHelp(
                "With --model: how JSON keys match property names.",
                valueName: "strategy"))
        var keys: DecodeOptions.KeyMatching = .default

        @OptionGroup(title: "Dates (with --model)") var dates: DateOptions

        @Option(
            help: ArgumentHelp(
                "Report format; text, or github on GitHub Actions.",
                valueName: "format"))
        var report: ReportFormat?

        @Option(
            name: [.customShort("o"), .long],
            help: ArgumentHelp(
                "Write the report to this file instead of standard output, atomically.", valueName: "file"))
        var output: String?

        @Option(
            help: ArgumentHelp(
                "Report at most this many problems, 0 for no limit; the run stops at the next one.",
                valueName: "n"))
        var maxErrors: Int = Self.defaultMaxErrors

        /// `--max-errors` when it is not given: enough for anyone reading a CI log, small enough
        /// that reports held until the end (SARIF, JUnit) stay small.
        static let defaultMaxErrors = 1000

        @Flag(name: [.short, .long], help: "Print no report and no summary; the exit status tells.")
        var quiet = false

        @Flag(help: "Fetch no schema: http(s) schemas and $refs come from the cache only.")
        var offline = false

        @Flag(help: "Fetch http(s) schemas again even when cached (and cache the new copy).")
        var noCache = false

        @Flag(help: "Check the schema (and files its $refs name) against its draft's metaschema first.")
        var checkSchema = false

        @Flag(help: "With .codable.yaml: fail (status 2) when a file is not covered by it.")
        var strict = false

        func validate() throws {
            switch (schema, model.model.isEmpty) {
            case (.some, false): throw ValidationError("--schema and --model cannot be used together.")
            case (nil, false) where model.type == nil:
                throw ValidationError("--model needs --type NAME: the type each record must decode as.")
            default: break
            }
            if schema != nil && model.type != nil { throw ValidationError("--type goes with --model, not --schema.") }
            if !model.model.isEmpty && (schemaDir != nil || assertFormats) {
                throw ValidationError("--schema-dir and --assert-formats go with --schema.")
            }
            if schema == nil && checkSchema { throw ValidationError("--check-schema goes with --schema.") }
            if !model.model.isEmpty && each {
                throw ValidationError(
                    "--each goes with --schema; with --model, --type says it: T for each element, [T] for the whole array."
                )
            }
            if dates.outputDates != nil || dates.explainDates {
                throw ValidationError(
                    "--output-dates and --explain-dates go with decode and convert: validate writes no records.")
            }
            if schema != nil && (dates.dates != nil || !dates.dateFields.isEmpty || keys != .default) {
                throw ValidationError("--dates, --date and --keys go with --model.")
            }
            if maxErrors < 0 { throw ValidationError("--max-errors must be 0 (no limit) or more.") }
        }

        func run() async throws {
            if let schema, checkSchema {
                try checkSchemaFiles(schema)
                if input.files.isEmpty { return }  // the schema was what to check
            }
            let (entries, subject) = try await plan()
            let format = report ?? (Terminal.environment("GITHUB_ACTIONS") == "true" ? .github : .text)
            let target: OutputTarget
            if let output, output != "-" { target = try .atomicFile(output) } else { target = .standardOutput() }
            let color = output == nil && Terminal.stdoutWantsColor
            let runner = ValidationRunner(
                entries: entries, input: input,
                report: quiet ? nil : format.makeReport(subject: subject, color: color),
                unreadableOnStandardError: quiet || format == .text, maxErrors: maxErrors == 0 ? nil : maxErrors,
                target: target)
            let summary = try await runner.run()
            if !quiet { Diagnostics().line(summary.line) }
            if summary.unreadableFiles > 0 { throw CommandFailure.reported(.io) }
            if summary.errors > 0 { throw CommandFailure.reported(.invalidData) }
        }

        /// `--check-schema`: the schema and the files its `$ref`s name against their
        /// metaschemas; every problem printed, then status 2 when there was one.
        private func checkSchemaFiles(_ schema: String) throws(CommandFailure) {
            let check = try SchemaSelfCheck(path: schema)
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
        private func plan() async throws(CommandFailure) -> ([ValidationRunner.Entry], ValidationSubject) {
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
            let plan = try await config.plan(files: input.files, input: input, network: networkArguments)
            for unchecked in plan.unchecked {
                Diagnostics().line("\(unchecked.file): \(strict ? "error" : "note"): unchecked: \(unchecked.reason)")
            }
            if strict && !plan.unchecked.isEmpty {
                let files = plan.unchecked.count == 1 ? "1 file is" : "\(plan.unchecked.count) files are"
                throw .usage("\(files) not covered by \(path) (--strict)")
            }
            return (plan.entries, ValidationSubject(kind: "config", source: path))
        }

        /// The options that say how schemas are fetched, for the checks of `.codable.yaml`'s rules.
        private var networkArguments: [String] {
            var arguments = [
                "--timeout", "\(input.pages.timeout)", "--retry", "\(input.pages.retry)", "--retry-delay",
                "\(input.pages.retryDelay)",
            ]
            if offline { arguments.append("--offline") }
            if noCache { arguments.append("--no-cache") }
            return arguments
        }

        /// The checker `--schema` or `--model` makes, and whether it checks a top-level array's
        /// elements one by one: with a schema, `--each`; with a model, unless its type is an
        /// array (`[T]` checks each input whole).
        func makeCheck() throws(CommandFailure) -> ValidationRunner.Check {
            let checker = try makeChecker()
            guard let model = checker as? ModelChecker else {
                return ValidationRunner.Check(checker: checker, arrayElementsAreRecords: each)
            }
            return ValidationRunner.Check(checker: checker, arrayElementsAreRecords: !model.checksWholeArrays)
        }

        private func makeChecker() throws(CommandFailure) -> any RecordChecker {
            if let schema {
                var options = SchemaOptions(assertFormats: assertFormats, schemaDirectory: schemaDir)
                options.remoteLoader = SchemaFetcher(
                    settings: input.pages.httpSettings, cache: SchemaCache.standard(), offline: offline,
                    refetch: noCache)
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

            func checked(by check: ValidationRunner.Check) -> ValidationRunner.Entry {
                switch self {
                case .file(let file): .file(file, check)
                case .unmatchedPattern(let pattern): .unmatchedPattern(pattern)
                }
            }
        }
    }
}
