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
                Needs --schema FILE (draft 2020-12, or 2019-09, 07, 06 or 04 by its $schema), or --model \
                FILE.swift with --type NAME. Files may be globs, expanded by codable itself so \
                that quoted patterns work in any shell or CI: 'data/**/*.json' (** is any \
                number of directories; matches are sorted; a pattern that matches nothing is \
                reported like an unreadable file). With --schema, each JSON text, YAML \
                document and JSON Lines line is checked whole, as every schema validator does; \
                --each checks the elements of a top-level array (or YAML sequence) one by one \
                instead, as a stream. With --model, --type says it: T checks each element of a \
                top-level array, [T] the whole array. Every problem is reported with its file, \
                line and column, its path, and the schema keyword or model member it breaks.

                Reports (--report) go to standard output or -o FILE: text (the default; \
                FILE:LINE:COL: error: MESSAGE with the path and the source line), json (a \
                versioned document, see docs/validate-report.md), github (workflow commands \
                that GitHub Actions shows as annotations; the default when GITHUB_ACTIONS=true), \
                junit (one test case per file) and sarif (SARIF 2.1.0 for GitHub code \
                scanning). The summary line, and in text reports unreadable files, go to \
                standard error. --quiet prints no report and no summary: only the exit status \
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
                "Report format; default: text, or github on GitHub Actions.",
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

        func validate() throws {
            switch (schema, model.model.isEmpty) {
            case (nil, true):
                throw ValidationError(
                    "Name what to check against: --schema FILE, or --model FILE.swift with --type NAME.")
            case (.some, false): throw ValidationError("--schema and --model cannot be used together.")
            case (nil, false) where model.type == nil:
                throw ValidationError("--model needs --type NAME: the type each record must decode as.")
            default: break
            }
            if schema != nil && model.type != nil { throw ValidationError("--type goes with --model, not --schema.") }
            if schema == nil && (schemaDir != nil || assertFormats) {
                throw ValidationError("--schema-dir and --assert-formats go with --schema.")
            }
            if schema == nil && each {
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
            let checker = try makeChecker()
            let entries = expandInputs()
            let format = report ?? (Terminal.environment("GITHUB_ACTIONS") == "true" ? .github : .text)
            let target: OutputTarget
            if let output, output != "-" { target = try .atomicFile(output) } else { target = .standardOutput() }
            let color = output == nil && Terminal.stdoutWantsColor
            let runner = ValidationRunner(
                entries: entries, input: input, arrayElementsAreRecords: arrayElementsAreRecords(checker),
                checker: checker,
                report: quiet ? nil : format.makeReport(subject: checker.subject, color: color),
                unreadableOnStandardError: quiet || format == .text, maxErrors: maxErrors == 0 ? nil : maxErrors,
                target: target)
            let summary = try await runner.run()
            if !quiet { Diagnostics().line(summary.line) }
            if summary.unreadableFiles > 0 { throw CommandFailure.reported(.io) }
            if summary.errors > 0 { throw CommandFailure.reported(.invalidData) }
        }

        /// Whether a top-level array's elements are checked one by one: with a schema, `--each`;
        /// with a model, unless its type is an array (`[T]` checks each input whole).
        private func arrayElementsAreRecords(_ checker: any RecordChecker) -> Bool {
            guard let checker = checker as? ModelChecker else { return each }
            return !checker.checksWholeArrays
        }

        private func makeChecker() throws(CommandFailure) -> any RecordChecker {
            if let schema {
                return try SchemaChecker(
                    path: schema, options: SchemaOptions(assertFormats: assertFormats, schemaDirectory: schemaDir))
            }
            let (models, root) = try model.load()
            let dateStrategies = try dates.decodingDates()
            let options = DecodingOptions(
                keys: keys == .snakeCase ? .convertFromSnakeCase : .useDefaultKeys,
                dateRules: dateStrategies.rules, defaultDates: dateStrategies.defaultDates)
            return try ModelChecker(
                models: models, root: root, type: model.type ?? "", sources: model.model, options: options)
        }

        /// Files, `-`, and globs expanded in place (in command-line order).
        private func expandInputs() -> [ValidationRunner.Entry] {
            guard !input.files.isEmpty else { return [.file(InputFile(path: nil))] }
            var entries: [ValidationRunner.Entry] = []
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
    }
}
