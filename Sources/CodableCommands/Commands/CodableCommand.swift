import ArgumentParser
import CSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `codable` command: decode, validate and convert JSON records with the semantics of
/// Swift's `Codable`.
///
/// (Not named `Codable`, which would hide Swift's own protocol inside this module.)
public struct CodableCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "codable",
        abstract: "Decode, validate and convert JSON records with the semantics of Swift's Codable.",
        discussion: """
            Records come from files or standard input: JSON, JSON Lines, json-seq, JSON \
            streams, YAML, CSV or TSV. Numbers and key order survive exactly; problems are \
            reported as FILE:LINE:COL with the source line.

            Manual: man codable, and the docs/ folder of the repository \
            (https://github.com/codable-cli/codable).

            Environment: NO_COLOR (no colors), GITHUB_ACTIONS, TMPDIR (temporary files), \
            CODABLE_LIBCURL (the libcurl that reads URLs; default libcurl.so.4).

            \(exitStatusHelp)
            """,
        version: "0.1.0",
        // Each subcommand names itself (`commandName`): otherwise swift-argument-parser derives
        // the name from `String(describing:)` of its type, whose protocol lookups scan every
        // conformance in the binary at each start.
        subcommands: [Convert.self, Decode.self, Validate.self, Schema.self, Infer.self]
    )

    public init() {}

    /// Runs the command line and exits with the documented status: usage errors are 2 (not
    /// swift-argument-parser's 64), and every other failure maps through `CommandFailure`.
    public static func main() async {
        // Already done before main (a C constructor: the concurrency runtime opens descriptors
        // before this line runs); called again to state it here and keep the constructor linked.
        codable_occupy_closed_standard_descriptors()
        Terminal.ignoreBrokenPipeSignal()
        let status = await run(arguments: Array(CommandLine.arguments.dropFirst()))
        terminate(status)
    }

    /// Parses and runs `arguments`, reporting any failure on standard error.
    static func run(arguments: [String]) async -> ExitStatus {
        do {
            let (shorter, files) = LongFileLists.split(arguments)
            var command = try parseAsRoot(shorter)
            if let files { command = LongFileLists.giving(files, to: command) }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return .success
        } catch let failure as CommandFailure {
            Diagnostics().report(failure)
            return failure.status
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                return .success
            }
            Terminal.writeToStandardError(message + "\n")
            return .usage
        }
    }
}

/// Ends the process with `status` (the C library's `exit`, which the command type hides).
private func terminate(_ status: ExitStatus) -> Never {
    exit(status.rawValue)
}
