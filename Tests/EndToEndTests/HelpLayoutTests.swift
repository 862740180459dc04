import Foundation
import Testing

/// `--help` reads in an 80-column terminal: every option's help fits two lines, no line is wider,
/// and the root help names every command and where the manual is. Details that do not fit belong
/// in the manual.
@Suite struct HelpLayoutTests {
    struct ToolInfo: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
        }
        var command: Command
    }

    /// The width help is checked at (argument-parser reads it from `COLUMNS`).
    static let width = 80

    /// argument-parser's own `help` subcommand, which prints the root help.
    static let builtInHelp = "help"

    /// Every command as the words after `codable`: `[]` for the root, then each subcommand's
    /// path, as `--experimental-dump-help` lists them.
    static func commandPaths() throws -> [[String]] {
        let dump = try CodableBinary.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.stdout.utf8))
        var paths: [[String]] = []
        func add(_ command: ToolInfo.Command, path: [String]) {
            paths.append(path)
            for subcommand in command.subcommands ?? [] where subcommand.commandName != builtInHelp {
                add(subcommand, path: path + [subcommand.commandName])
            }
        }
        add(info.command, path: [])
        return paths
    }

    /// `codable PATH --help` at `width` columns.
    static func help(_ path: [String]) throws -> String {
        let result = try CodableBinary.run(path + ["--help"], environment: ["COLUMNS": "\(width)"])
        #expect(result.status == 0, "codable \(path.joined(separator: " ")) --help failed: \(result.stderr)")
        return result.stdout
    }

    /// The entries of the sections after `USAGE:` (arguments, options, subcommands), each as its
    /// lines: the first starts with two spaces and the entry's name (`  --from <format>`), the
    /// others, indented further, continue it. A section runs from its `TITLE:` line to a blank line.
    static func entries(in help: String) -> [[Substring]] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let usage = lines.firstIndex(where: { $0.hasPrefix("USAGE:") }) else { return [] }
        var entries: [[Substring]] = []
        var inSection = false
        for line in lines[(usage + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                inSection = false
            } else if !line.hasPrefix(" ") && line.hasSuffix(":") {
                inSection = true
            } else if inSection {
                if line.hasPrefix("  ") && !line.hasPrefix("   ") {
                    entries.append([line])
                } else if !entries.isEmpty {
                    entries[entries.count - 1].append(line)
                }
            }
        }
        return entries
    }

    @Test func everyOptionFitsTwoLines() throws {
        let paths = try Self.commandPaths()
        #expect(paths.count > 1, "no subcommands found")
        for path in paths {
            let command = (["codable"] + path).joined(separator: " ")
            let help = try Self.help(path)
            for line in help.split(separator: "\n") where line.count > Self.width {
                Issue.record("\(command) --help: a line of \(line.count) columns: \(line)")
            }
            let entries = Self.entries(in: help)
            #expect(!entries.isEmpty, "\(command) --help: no options found")
            for entry in entries where entry.count > 2 {
                Issue.record(
                    "\(command) --help: \(entry.count) lines for one option:\n\(entry.joined(separator: "\n"))")
            }
        }
    }

    @Test func rootHelpNamesEveryCommandAndTheManual() throws {
        let help = try Self.help([])
        let listed = Set(Self.entries(in: help).compactMap { $0.first?.split(separator: " ").first.map(String.init) })
        for path in try Self.commandPaths() where path.count == 1 {
            #expect(listed.contains(path[0]), "codable --help does not list \(path[0])")
        }
        #expect(help.contains("man codable"), "codable --help does not say where the manual is")
    }

    /// Every command that reads records lists the paginated-input options in a section of
    /// their own: each declares the group itself (`inputPages`), beside `InputOptions`.
    @Test(arguments: ["convert", "decode", "validate", "infer"])
    func paginatedInputIsInTheHelpOfEveryCommandThatReadsRecords(command: String) throws {
        let help = try Self.help([command])
        #expect(help.contains("PAGINATED INPUT:\n  --items <path>"), "codable \(command) --help")
        #expect(help.contains("--retry-delay <seconds>"), "codable \(command) --help")
    }
}
