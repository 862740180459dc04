import ArgumentParser
import CodableDates
import CodablePipeline

/// The transform flags, shared by `convert` and `decode`; applied in the order listed
/// (`convert --keys` lives in `KeyCaseOptions`).
struct TransformOptions: ParsableArguments {
    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Keep only records for which EXPR holds, like '.done == true and .due < @2024-03-01'.",
            valueName: "expr"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "Keep only these fields, in this order: comma-separated paths (id,owner.name).",
            valueName: "paths"))
    var select: [String] = []

    @Option(
        help: ArgumentHelp(
            "Leave out these fields: a comma-separated list of paths (owner.email,tags[0],events[].at).",
            valueName: "paths"))
    var exclude: [String] = []

    @Option(
        help: ArgumentHelp(
            "Rename a field: OLD=NEW, OLD a path (owner.name), NEW its new name. Repeatable.", valueName: "old=new"))
    var rename: [String] = []

    @Option(
        help: ArgumentHelp(
            "Sort records by this path (stable; :desc for largest first). Repeatable: later ones break ties.",
            valueName: "path[:desc]"))
    var sortBy: [String] = []

    @Option(help: ArgumentHelp("Keep only the first record for each value of this path.", valueName: "path"))
    var uniqueBy: String?

    @Option(
        help: ArgumentHelp(
            "Memory --sort-by keeps records in before spilling to disk: bytes, or with K, M or G.",
            valueName: "size"))
    var memoryLimit: String = "256M"

    @Option(
        help: ArgumentHelp(
            "A bad or malformed record: fail stops; skip reports it, goes on.",
            valueName: "mode"))
    var onError: OnError = .fail

    @Flag(
        inversion: .prefixedNo,
        help:
            "Show progress on stderr (default: when a terminal)."
    )
    var progress: Bool?

    /// Any transform asked for.
    var isActive: Bool {
        filter != nil || !select.isEmpty || !exclude.isEmpty || !rename.isEmpty || !sortBy.isEmpty || uniqueBy != nil
    }

    /// The plan these flags ask for (dates read by `--where` as `dateRules` and `fallback` say).
    func plan(whereDates: WhereDates) throws(CommandFailure) -> TransformPlan {
        var plan = TransformPlan()
        plan.whereDates = whereDates
        if let filter {
            do { plan.filter = try Expression(parsing: filter) } catch {
                throw .badExpression(option: "--where", text: filter, column: error.column, message: error.message)
            }
        }
        if !select.isEmpty {
            let paths = try Self.paths(select, option: "--select")
            do { plan.select = try FieldSelection(paths: paths) } catch {
                throw .usage("--select: \(error.message)")
            }
        }
        plan.exclude = try Self.paths(exclude, option: "--exclude")
        for item in rename {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw .usage("--rename '\(item)': expected OLD=NEW, like owner.name=ownerName")
            }
            let path = try Self.path(parts[0], option: "--rename")
            guard case .key = path.components.last else {
                throw .usage("--rename '\(item)': OLD must end with a field name")
            }
            // NEW may repeat OLD's parent (owner.name=owner.fullName): only its last name counts.
            var name = parts[1]
            if let dot = name.lastIndex(of: "."),
                (try? FieldPath(parsing: name))?.components.dropLast() == path.components.dropLast()
            {
                name = String(name[name.index(after: dot)...])
            }
            plan.renames.append((path, name))
        }
        for item in sortBy {
            var text = item
            var descending = false
            if text.hasSuffix(":desc") {
                text.removeLast(5)
                descending = true
            } else if text.hasSuffix(":asc") {
                text.removeLast(4)
            }
            plan.sortBy.append(SortField(path: try Self.path(text, option: "--sort-by"), descending: descending))
        }
        plan.uniqueBy = try uniqueBy.map { (text: String) throws(CommandFailure) in
            try Self.path(text, option: "--unique-by")
        }
        guard let limit = Self.byteCount(memoryLimit), limit > 0 else {
            throw .usage("--memory-limit '\(memoryLimit)': expected a size like 512M, 2G or 1048576")
        }
        plan.memoryLimit = limit
        return plan
    }

    private static func paths(_ lists: [String], option: String) throws(CommandFailure) -> [FieldPath] {
        var paths: [FieldPath] = []
        for list in lists {
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                paths.append(try path(String(item).trimmingCharacters(in: .whitespaces), option: option))
            }
        }
        return paths
    }

    private static func path(_ text: String, option: String) throws(CommandFailure) -> FieldPath {
        do { return try FieldPath(parsing: text) } catch {
            throw .usage("\(option) '\(text)': \(error)")
        }
    }

    /// `512M` and the like, in bytes (powers of 1024).
    static func byteCount(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = text.uppercased().last, let unit = units[last] {
            return Int(text.dropLast()).flatMap { $0.multipliedReportingOverflow(by: unit).overflow ? nil : $0 * unit }
        }
        return Int(text)
    }
}

/// `--on-error` values.
enum OnError: String, ExpressibleByArgument, CaseIterable {
    case fail, skip
}

/// `--keys` values.
enum KeyCaseArgument: String, ExpressibleByArgument, CaseIterable {
    case snakeCase = "snake_case"
    case camelCase = "camelCase"

    var style: KeyCase.Style { self == .snakeCase ? .snakeCase : .camelCase }
}
