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
    /// names (a path, from the file's folder, or a URL), or is unchecked.
    func plan(files: [String], input: InputOptions, network: [String]) async throws(CommandFailure) -> (
        entries: [ValidationRunner.Entry], unchecked: [Unchecked]
    ) {
        var checks = CheckCache(network: network)
        var entries: [ValidationRunner.Entry] = []
        var unchecked: [Unchecked] = []
        guard !files.isEmpty else {
            for (index, rule) in rules.enumerated() {
                let check = try await checks.check(forRule: index, rule, config: self)
                // A pattern may match nothing (a repository need not hold every kind of file a
                // rule names); a rule that matches nothing at all is reported, as a mistyped
                // pattern on the command line is.
                var matches: [String] = []
                for pattern in rule.patterns {
                    matches += GlobPattern(text: folderPrefix + pattern).matches().filter { !matches.contains($0) }
                }
                if matches.isEmpty {
                    entries.append(.unmatchedPattern(rule.patterns.map { folderPrefix + $0 }.joined(separator: ", ")))
                }
                entries += matches.map { .file(InputFile(path: $0), check) }
            }
            return (entries, unchecked)
        }
        let folder = Self.configFolder(folderPrefix)
        for name in files {
            let file = name == "-" ? InputFile(path: nil) : InputFile(path: name)
            let fromConfig = name == "-" ? nil : Self.path(name, from: folder)
            var matched = false
            for (index, rule) in rules.enumerated() {
                guard let fromConfig, rule.patterns.contains(where: { GlobPattern(text: $0).matches(path: fromConfig) })
                else { continue }
                entries.append(.file(file, try await checks.check(forRule: index, rule, config: self)))
                matched = true
            }
            guard !matched else { continue }
            switch await Self.declaredSchema(of: file, input: input) {
            case .path(let schema), .url(let schema):
                entries.append(.file(file, try await checks.check(forSchema: schema)))
            case .none:
                unchecked.append(
                    Unchecked(file: file.displayName, reason: "no rule of \(path) matches it, and it names no $schema"))
            }
        }
        return (entries, unchecked)
    }

    /// The checks made so far, one per rule and per `$schema` path, so that each schema and model
    /// is compiled once.
    private struct CheckCache {
        /// `--timeout`, `--retry`, `--offline`, `--no-cache` as given: how schemas are fetched.
        let network: [String]
        var byRule: [Int: ValidationRunner.Check] = [:]
        var bySchema: [String: ValidationRunner.Check] = [:]

        init(network: [String]) {
            self.network = network
        }

        mutating func check(forRule index: Int, _ rule: Rule, config: ValidationConfig) async throws(CommandFailure)
            -> ValidationRunner.Check
        {
            if let check = byRule[index] { return check }
            let isSchema = rule.arguments.contains("--schema")
            let check = try await Self.make(rule.arguments + (isSchema ? network : []))
            byRule[index] = check
            return check
        }

        mutating func check(forSchema path: String) async throws(CommandFailure) -> ValidationRunner.Check {
            if let check = bySchema[path] { return check }
            let check = try await Self.make(["--schema", path] + network)
            bySchema[path] = check
            return check
        }

        /// The check `validate` with `arguments` makes (a rule's were parsed once already,
        /// when the config was read), compiled on a thread of its own (remote `$ref`s may be
        /// fetched meanwhile).
        private static func make(_ arguments: [String]) async throws(CommandFailure) -> ValidationRunner.Check {
            try await onOwnThread { () throws(CommandFailure) in
                let command: CodableCommand.Validate
                do { command = try CodableCommand.Validate.parse(arguments) } catch {
                    throw .usage(CodableCommand.Validate.message(for: error))
                }
                return try command.makeCheck()
            }
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

    /// What a data file's `$schema` member names, when its first record is an object with one.
    private enum DeclaredSchema {
        case path(String)
        case url(String)
    }

    /// The schema a file declares in a top-level `$schema` string: a path (from the file's
    /// folder) or a URL. nil when it declares none or cannot be read (the run then says so).
    private static func declaredSchema(of file: InputFile, input: InputOptions) async -> DeclaredSchema? {
        guard let path = file.path,
            let stream = try? input.recordStream(for: file, arrayElementsAreRecords: false)
        else { return nil }
        var batches = stream.makeAsyncIterator()
        guard let batch = try? await batches.next(), batch.count > 0 else { return nil }
        let root = Int(batch.roots[0])
        guard batch.nodes[root].kind == .object else { return nil }
        for key in batch.nodes.children(of: root) {
            let (name, value) = batch.bytes.withUnsafeBufferPointer { bytes in
                (
                    batch.nodes[key].stringValue(in: bytes.baseAddress!),
                    batch.nodes[key + 1].kind == .string
                        ? batch.nodes[key + 1].stringValue(in: bytes.baseAddress!) : nil
                )
            }
            guard name == "$schema", let value else { continue }
            if value.contains("://") { return .url(value) }
            if value.hasPrefix("/") { return .path(value) }
            let folder = (path as NSString).deletingLastPathComponent
            return .path(folder.isEmpty ? value : folder + "/" + value)
        }
        return nil
    }
}
