import ArgumentParser

extension CodableCommand {
    /// `codable decode`: records decoded into a Codable model and re-encoded.
    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode records into a Swift Codable model or JSON Schema and print them re-encoded (not yet available).",
            discussion: """
                Needs --model FILE.swift with --type NAME, or --schema FILE. This build does not \
                decode models yet and exits with status 2.

                \(exitStatusHelp)
                """
        )

        @OptionGroup var input: InputOptions

        @Option(help: ArgumentHelp("Swift source file that declares the model.", valueName: "file.swift"))
        var model: [String] = []

        @Option(help: ArgumentHelp("The model type each record decodes as.", valueName: "name"))
        var type: String?

        @Option(help: ArgumentHelp("JSON Schema to decode with instead of a Swift model.", valueName: "file"))
        var schema: String?

        func run() async throws {
            throw CommandFailure.usage("decode is not available in this version yet; `codable convert` reads and writes the same inputs")
        }
    }
}
