import ArgumentParser
import CStandardDescriptors

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
            Records come from files or standard input as one JSON text (a top-level array's \
            elements are the records), JSON Lines, RFC 7464 json-seq, whitespace-separated \
            JSON values, YAML documents, or CSV and TSV. Numbers and key order survive exactly; \
            problems are reported as FILE:LINE:COL with the source line.

            Environment: TMPDIR (default /tmp) holds the sorted runs --sort-by spills, the \
            rest of a YAML pipe whose one document is a sequence, read ahead so that its items \
            stream, the problems a json, junit or sarif report of validate keeps past 256 KiB \
            until their counts are written, the problems validate finds in one record \
            past 2 048, sorted into document order there, and the output of a record decode keeps \
            past 256 KiB until it has decoded; NO_COLOR (set and not empty) or TERM=dumb turns colors off; \
            GITHUB_ACTIONS=true makes GitHub annotations validate's default report.

            \(exitStatusHelp)
            """,
        version: "0.1.0",
        subcommands: [Convert.self, Decode.self, Validate.self]
    )

    public init() {}

    /// Runs the command line and exits with the documented status: usage errors are 2 (not
    /// swift-argument-parser's 64), and every other failure maps through `CommandFailure`.
    public static func main() async {
        // Already done before main (a C constructor: the concurrency runtime opens descriptors
        // before this line runs); called again to state it here and keep the constructor linked.
        codable_occupy_closed_standard_descriptors()
        Terminal.ignoreBrokenPipeSignal()
        AllocatorTuning.keepFreedBatchMemory()
        let status = await run(arguments: Array(CommandLine.arguments.dropFirst()))
        terminate(status)
    }

    /// Parses and runs `arguments`, reporting any failure on standard error.
    static func run(arguments: [String]) async -> ExitStatus {
        do {
            var command = try parseAsRoot(arguments)
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
