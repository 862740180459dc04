import ArgumentParser
import Foundation

/// The file arguments of a long command line, taken out before swift-argument-parser sees them
/// and given to the command after: its parser merges each positional value into a set of all
/// the ones before (quadratic), which took 40 % of `validate` on 2 000 small files, the way
/// pre-commit and `xargs` call it.
enum LongFileLists {
    /// Command lines with more arguments than this are split; shorter ones parse as they are.
    static let threshold = 128

    /// `arguments` with the subcommand's file arguments but the first taken out, and all the
    /// files (nil when nothing was taken out: a short line, or no subcommand with files).
    static func split(_ arguments: [String]) -> (arguments: [String], files: [String]?) {
        guard arguments.count > threshold, let name = arguments.first,
            let command = CodableCommand.configuration.subcommands.first(where: { $0._commandName == name }),
            let takesValue = optionsTakingValues(of: command)
        else { return (arguments, nil) }
        var kept = [name]
        var files: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                files += arguments[index...]
                break
            }
            guard argument.hasPrefix("-") && argument != "-" else {
                files.append(argument)
                continue
            }
            kept.append(argument)
            if !argument.contains("="), takesValue.contains(argument), index < arguments.count {
                kept.append(arguments[index])
                index += 1
            }
        }
        guard let first = files.first else { return (arguments, nil) }
        // One file stays, so that the parser's checks see that files were named.
        return (kept + ["--", first], files)
    }

    /// The spellings (`--schema`, `-o`) of the options of `command` that take a value, from the
    /// description swift-argument-parser gives of it; nil when that cannot be read.
    private static func optionsTakingValues(of command: any ParsableCommand.Type) -> Set<String>? {
        guard let data = command._dumpHelp().data(using: .utf8),
            let dump = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let arguments = (dump["command"] as? [String: Any])?["arguments"] as? [[String: Any]]
        else { return nil }
        var spellings: Set<String> = []
        for argument in arguments where argument["kind"] as? String == "option" {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String else { continue }
                spellings.insert((name["kind"] as? String == "long" ? "--" : "-") + text)
            }
        }
        return spellings
    }

    /// `command` with `files` as its input files.
    static func giving(_ files: [String], to command: any ParsableCommand) -> any ParsableCommand {
        switch command {
        case var convert as CodableCommand.Convert:
            convert.input.files = files
            return convert
        case var decode as CodableCommand.Decode:
            decode.input.files = files
            return decode
        case var validate as CodableCommand.Validate:
            validate.input.files = files
            return validate
        default: return command
        }
    }
}
