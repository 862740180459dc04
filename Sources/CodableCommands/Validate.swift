import ArgumentParser

extension CodableCommand {
    /// `codable validate`: every problem of every record, for CI.
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check records against a JSON Schema or a Swift model and report every problem (not yet available).",
            discussion: """
                Needs --schema FILE, or --model FILE.swift with --type NAME. This build does not \
                validate yet and exits with status 2.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions

        @Option(help: ArgumentHelp("JSON Schema (draft 2020-12 or draft-07) to check against.", valueName: "file"))
        var schema: String?

        @Option(help: ArgumentHelp("Swift source file that declares the model.", valueName: "file.swift"))
        var model: [String] = []

        @Option(help: ArgumentHelp("The model type each record must decode as.", valueName: "name"))
        var type: String?

        func run() async throws {
            throw CommandFailure.usage("validate is not available in this version yet")
        }
    }
}
