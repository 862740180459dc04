import Foundation
import Testing

/// The man page, completions and README stay true to the command definitions.
@Suite struct DocumentationTests {
    struct ToolInfo: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var names: [Name]?
        }
        var command: Command
    }

    static let manPage =
        (try? String(contentsOf: CodableBinary.repositoryRoot.appendingPathComponent("man/codable.1"), encoding: .utf8))
        ?? ""

    @Test func manPageNamesEverySubcommandAndOption() throws {
        let dump = try CodableBinary.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.stdout.utf8))
        var missing: [String] = []
        func check(_ command: ToolInfo.Command) {
            for argument in command.arguments ?? [] {
                for name in argument.names ?? [] where name.kind == "long" {
                    let documented =
                        Self.manPage.contains("Fl -\(name.name) ") || Self.manPage.contains("Fl -\(name.name)\n")
                        || Self.manPage.contains(", -\(name.name) ") || Self.manPage.contains(", -\(name.name)\n")
                    if !documented { missing.append("\(command.commandName) --\(name.name)") }
                }
            }
            for subcommand in command.subcommands ?? [] {
                if !Self.manPage.contains(".It Em \(subcommand.commandName)") { missing.append(subcommand.commandName) }
                check(subcommand)
            }
        }
        check(info.command)
        #expect(missing.isEmpty, "man/codable.1 is stale (run Scripts/generate-manual.sh): missing \(missing)")
    }

    @Test func manPageGivesTheExitStatuses() {
        for line in ["0  success", "1  invalid data", "2  usage error", "3  I/O error"] {
            #expect(Self.manPage.contains(line), "man page lacks '\(line)'")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let result = try CodableBinary.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("convert"))
        #expect(result.stdout.contains("--sort-keys") || result.stdout.contains("sort-keys"))
    }

    @Test func helpListsExitStatuses() throws {
        let result = try CodableBinary.run(["convert", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("3  I/O error"))
    }
}
