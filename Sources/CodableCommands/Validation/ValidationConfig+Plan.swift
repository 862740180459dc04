import CodableParsing
import Foundation

extension ValidationConfig {
    /// A file no rule covers, and why it is not checked.
    struct Unchecked {
        var file: String
        var reason: String
    }

    /// What `validate` checks with the config: each rule's files (its patterns expanded, or the
    /// named `files` it matches), checked by that rule, a file matched by several rules once per
    /// rule; a named file no rule matches is checked against the schema its own `$schema` member
    /// names (a path, from the file's folder, or a URL), or is unchecked. Schemas are fetched as
    /// `command` (the command line) says.
    func plan(files: [String], command: CodableCommand.Validate) async throws(CommandFailure) -> (
        inputs: [RunInput], unchecked: [Unchecked]
    ) {
        var checks = CheckCache(commandLine: command)
        var inputs: [RunInput] = []
        var unchecked: [Unchecked] = []
        guard !files.isEmpty else {
            for (index, rule) in rules.enumerated() {
                let check = try await checks.check(forRule: index, rule)
                // A pattern may match nothing (a repository need not hold every kind of file a
                // rule names); a rule that matches nothing at all is reported, as a mistyped
                // pattern on the command line is.
                var matches: [String] = []
                var seen: Set<String> = []
                for pattern in rule.patterns {
                    matches += GlobPattern(text: folderPrefix + pattern).matches().filter { seen.insert($0).inserted }
                }
                if matches.isEmpty {
                    inputs.append(.unmatched(rule.patterns.map { folderPrefix + $0 }.joined(separator: ", ")))
                }
                inputs += matches.map { RunInput(file: InputFile(path: $0), check: check) }
            }
            return (inputs, unchecked)
        }
        let folder = Self.configFolder(folderPrefix)
        for name in files {
            let file = name == "-" ? InputFile(path: nil) : InputFile(path: name)
            let fromConfig = name == "-" ? nil : Self.path(name, from: folder)
            var matched = false
            for (index, rule) in rules.enumerated() {
                guard let fromConfig, rule.patterns.contains(where: { GlobPattern(text: $0).matches(path: fromConfig) })
                else { continue }
                inputs.append(RunInput(file: file, check: try await checks.check(forRule: index, rule)))
                matched = true
            }
            guard !matched else { continue }
            if let schema = await Self.declaredSchema(of: file, input: command.input) {
                inputs.append(RunInput(file: file, check: try await checks.check(forSchema: schema)))
            } else {
                unchecked.append(
                    Unchecked(file: file.displayName, reason: "no rule of \(path) matches it, and it names no $schema"))
            }
        }
        return (inputs, unchecked)
    }

    /// The checks made so far, one per rule and per `$schema` path, so that each schema and model
    /// is compiled once.
    private struct CheckCache {
        /// The command line, whose options say how schemas are fetched.
        let commandLine: CodableCommand.Validate
        var byRule: [Int: RecordCheck] = [:]
        var bySchema: [String: RecordCheck] = [:]

        init(commandLine: CodableCommand.Validate) {
            self.commandLine = commandLine
        }

        mutating func check(forRule index: Int, _ rule: Rule) async throws(CommandFailure) -> RecordCheck {
            if let check = byRule[index] { return check }
            var command = rule.command
            command.input.pages = commandLine.input.pages
            command.offline = commandLine.offline
            command.noCache = commandLine.noCache
            let check = try await Self.make(command)
            byRule[index] = check
            return check
        }

        mutating func check(forSchema path: String) async throws(CommandFailure) -> RecordCheck {
            if let check = bySchema[path] { return check }
            var command = commandLine
            command.schema = path
            let check = try await Self.make(command)
            bySchema[path] = check
            return check
        }

        /// The check `command` makes, compiled on a thread of its own (remote `$ref`s may be
        /// fetched meanwhile).
        private static func make(_ command: CodableCommand.Validate) async throws(CommandFailure)
            -> RecordCheck
        {
            try await onOwnThread { () throws(CommandFailure) in try command.makeCheck() }
        }
    }

    /// The config's folder, as an absolute path.
    private static func configFolder(_ folderPrefix: String) -> String {
        URL(fileURLWithPath: folderPrefix.isEmpty ? "." : folderPrefix).standardizedFileURL.path
    }

    /// A named file's path from the config's `folder`; nil for a file outside it.
    private static func path(_ name: String, from folder: String) -> String? {
        let absolute = URL(fileURLWithPath: name).standardizedFileURL.path
        if folder == "/" { return String(absolute.dropFirst()) }
        guard absolute.hasPrefix(folder + "/") else { return nil }
        return String(absolute.dropFirst(folder.count + 1))
    }

    /// The schema a file declares in a top-level `$schema` string: a URL, or a path (made from
    /// the file's folder). nil when it declares none or cannot be read (the run then says so).
    private static func declaredSchema(of file: InputFile, input: InputOptions) async -> String? {
        guard let path = file.path,
            let stream = try? input.recordStream(for: file, arrayElementsAreRecords: false)
        else { return nil }
        var batches = stream.makeAsyncIterator()
        guard let batch = try? await batches.next(), batch.count > 0,
            let schema = batch.stringMember("$schema", of: Int(batch.roots[0]))
        else { return nil }
        if schema.contains("://") || schema.hasPrefix("/") { return schema }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? schema : folder + "/" + schema
    }
}
