import ArgumentParser
import CodableReports

extension CodableCommand {
    /// `codable validate`: every problem of every record, for CI.
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
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
        @OptionGroup(title: "Paginated input") var inputPages: PageOptions

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

        @Flag(help: "Check the schema (and the schemas its $refs name) against its draft's metaschema first.")
        var checkSchema = false

        @Flag(help: "With .codable.yaml: fail (status 2) when a file is not covered by it.")
        var strict = false

        mutating func validate() throws {
            input.pages = inputPages
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
                try await checkSchemaFiles(schema)
                if input.files.isEmpty { return }  // the schema was what to check
            }
            let (inputs, subject) = try await plan()
            let format = report ?? (Terminal.environment("GITHUB_ACTIONS") == "true" ? .github : .text)
            let target: OutputTarget
            if let output, output != "-" { target = try .atomicFile(output) } else { target = .standardOutput() }
            let color = output == nil && Terminal.stdoutWantsColor
            let maxErrors = maxErrors == 0 ? nil : maxErrors
            let report = ReportingSink(
                target: target, report: quiet ? nil : format.makeReport(subject: subject, color: color),
                unreadableOnStandardError: quiet || format == .text, maxErrors: maxErrors)
            try await RecordLoop(
                plan: .validating(input: input, inputs: inputs, report: report, maxErrors: maxErrors)
            ).run()
            let summary = report.summary
            if !quiet { Diagnostics().line(summary.line + (summary.stoppedAtLimit.map(Remedy.maxErrors) ?? "")) }
            if summary.unreadableFiles > 0 { throw CommandFailure.reported(.io) }
            if summary.errors > 0 { throw CommandFailure.reported(.invalidData) }
        }
    }
}
