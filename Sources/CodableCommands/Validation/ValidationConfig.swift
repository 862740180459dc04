import CodableParsing
import Foundation

/// `.codable.yaml`: what `codable validate` checks when no `--schema` or `--model` is given, as
/// a list of rules, each mapping file patterns to a schema or a model:
///
/// ```yaml
/// validate:
///   - files: "config/**/*.yaml"
///     schema: schemas/config.json
///   - files: ["Fixtures/*.json", "Fixtures/*.jsonl"]
///     model: Sources/App/Models
///     type: Todo
///     dates: iso8601
/// ```
///
/// A rule's keys are `validate`'s options without their dashes, and mean what those mean;
/// patterns and paths are relative to the file's folder. Every problem in the file (an unknown
/// key, a value of the wrong kind, options that do not go together) is an error at its line and
/// column.
struct ValidationConfig {
    /// The name looked for in the current folder and the folders above it.
    static let fileName = ".codable.yaml"

    /// One rule: the files it covers and the `validate` command that checks them.
    struct Rule {
        /// Glob patterns, relative to the config's folder.
        var patterns: [String]
        /// The rule's options as `validate` parsed them (`--schema PATH`, `--model PATH --type
        /// T`, …; paths made relative to the current folder).
        var command: CodableCommand.Validate
    }

    /// The config file, as found (relative to the current folder when below it).
    let path: String
    /// The config's folder as a prefix for paths in it (`""`, or `../../` and the like).
    let folderPrefix: String
    let rules: [Rule]

    /// The keys a rule may have: the pattern key, and `validate`'s options that say what to
    /// check against, without dashes. Flags take booleans; `model` and `date` also take lists.
    private static let pathKeys: Set = ["schema", "schema-dir", "model"]
    private static let valueKeys: Set = ["type", "dates", "keys"]
    private static let flagKeys: Set = ["assert-formats", "each"]
    private static let listKeys: Set = ["model", "date"]

    /// The nearest `.codable.yaml` in the current folder or above it, as a path from the
    /// current folder (`.codable.yaml`, `../.codable.yaml`); nil when there is none.
    static func find() -> String? {
        var prefix = ""
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) {
                return prefix + fileName
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
            prefix += "../"
        }
    }

    /// Reads the config at `path`; any problem in it is a located usage error (status 2).
    init(path: String) throws(CommandFailure) {
        self.path = path
        folderPrefix = path.hasSuffix("/" + Self.fileName) ? String(path.dropLast(Self.fileName.count)) : ""
        let document = try ConfigDocument(path: path)
        guard document.kind(document.root) == .object else {
            throw document.error(at: document.root, "expected a mapping with a 'validate' list")
        }
        var rules: [Rule] = []
        for (key, keyNode, value) in document.members(document.root) {
            guard key == "validate" else {
                throw document.error(at: keyNode, "unknown key '\(key)'; the file holds 'validate', a list of rules")
            }
            guard document.kind(value) == .array else {
                throw document.error(at: value, "'validate' is a list of rules ('- files: …')")
            }
            for element in document.elements(value) {
                rules.append(try Self.rule(element, in: document, folderPrefix: folderPrefix))
            }
        }
        guard !rules.isEmpty else { throw document.error(at: document.root, "no rules: add a 'validate' list") }
        self.rules = rules
    }

    /// What is wrong with a `files` pattern, or nil: it must be relative to the config's folder,
    /// close every `[`, and use `**` only as a whole path component.
    private static func problem(ofPattern pattern: String) -> String? {
        if pattern.isEmpty { return "a pattern is empty" }
        if pattern.hasPrefix("/") { return "patterns are relative to \(fileName)'s folder" }
        var inBracket = false
        for character in pattern {
            if character == "[" { inBracket = true } else if character == "]" { inBracket = false }
        }
        if inBracket { return "a '[' is not closed" }
        for component in pattern.split(separator: "/") where component.contains("**") && component != "**" {
            return "'**' stands alone between slashes ('data/**/*.json')"
        }
        return nil
    }

    /// One rule of the list, its options turned into `validate` arguments.
    private static func rule(_ node: Int, in document: ConfigDocument, folderPrefix: String) throws(CommandFailure)
        -> Rule
    {
        guard document.kind(node) == .object else {
            throw document.error(at: node, "a rule is a mapping: files, then schema or model and type")
        }
        var patterns: [String]?
        var arguments: [String] = []
        func relative(_ path: String) -> String {
            path.hasPrefix("/") || folderPrefix.isEmpty ? path : folderPrefix + path
        }
        for (key, keyNode, value) in document.members(node) {
            let option = "--" + key
            if key == "files" {
                patterns = try document.strings(value, key)
                for pattern in patterns ?? [] {
                    if let problem = Self.problem(ofPattern: pattern) {
                        throw document.error(at: value, "'files': \(problem): \(pattern)")
                    }
                }
            } else if flagKeys.contains(key) {
                guard let flag = document.bool(value) else {
                    throw document.error(at: value, "'\(key)' is true or false")
                }
                if flag { arguments.append(option) }
            } else if listKeys.contains(key) || pathKeys.contains(key) || valueKeys.contains(key) {
                let values: [String]
                if key == "date", document.kind(value) == .object {  // `date: {createdAt: iso8601}`
                    values = try document.members(value).map { field, _, strategy throws(CommandFailure) in
                        "\(field)=\(try document.string(strategy, "date.\(field)"))"
                    }
                } else if listKeys.contains(key) {
                    values = try document.strings(value, key)
                } else {
                    values = [try document.string(value, key)]
                }
                for text in values {
                    guard pathKeys.contains(key) else {
                        arguments += [option, text]
                        continue
                    }
                    guard FileManager.default.fileExists(atPath: relative(text)) else {
                        throw document.error(at: value, "'\(key)': no such file or folder: \(text)")
                    }
                    arguments += [option, relative(text)]
                }
            } else {
                throw document.error(
                    at: keyNode,
                    "unknown key '\(key)'; a rule has files, then schema (with schema-dir, assert-formats, each) or model and type (with dates, date, keys)"
                )
            }
        }
        guard let patterns, !patterns.isEmpty else {
            throw document.error(at: node, "a rule needs 'files': the patterns of the files it checks")
        }
        do {
            return Rule(patterns: patterns, command: try CodableCommand.Validate.parse(arguments))
        } catch {
            let message = CodableCommand.Validate.message(for: error)
            throw document.error(at: node, message.replacingOccurrences(of: "--", with: ""))
        }
    }
}
