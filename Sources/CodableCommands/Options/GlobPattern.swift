import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file pattern named on the command line, expanded by `codable` itself so that a quoted glob
/// works the same in every shell and CI system: `'data/**/*.json'`.
///
/// `*`, `?` and `[…]` match within one path component (as `fnmatch(3)`), `**` as a whole
/// component matches any number of directories (none included). Names starting with `.` are
/// matched only by a pattern component that starts with `.`; symbolic links to directories are
/// not followed by `**` (no cycles). Matches are regular files, sorted by path.
struct GlobPattern {
    /// The pattern as given.
    let text: String

    /// The pattern has glob characters (otherwise it names one path, used as it is).
    var isPattern: Bool {
        text.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
    }

    /// The files the pattern matches, sorted and without duplicates.
    func matches() -> [String] {
        let absolute = text.hasPrefix("/")
        let components = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { return [] }
        var prefixes: [String] = [absolute ? "/" : ""]
        for (position, component) in components.enumerated() {
            let isLast = position == components.count - 1
            var next: [String] = []
            for prefix in prefixes {
                if component == "**" {
                    next.append(prefix)
                    if !isLast {
                        Self.collectDirectories(under: prefix, into: &next)
                    } else {
                        Self.collectFiles(under: prefix, into: &next)
                    }
                    continue
                }
                if !GlobPattern(text: component).isPattern {
                    next.append(Self.join(prefix, component))
                    continue
                }
                for name in Self.entries(of: prefix) where Self.component(component, matches: name) {
                    next.append(Self.join(prefix, name))
                }
            }
            prefixes = next
        }
        let files = prefixes.filter { Self.kind(of: $0) == .file }
        return Array(Set(files)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether the pattern matches `path` (both relative to the same folder, or both absolute),
    /// by the rules `matches()` expands it with; no file is looked at.
    func matches(path: String) -> Bool {
        let pattern = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        let names = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard text.hasPrefix("/") == path.hasPrefix("/") else { return false }
        return Self.components(pattern[...], match: names[...])
    }

    /// Whether `pattern`'s components match all of `names`; `**` matches any number of them
    /// (none included), none hidden.
    private static func components(_ pattern: ArraySlice<String>, match names: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return !names.isEmpty && !names.contains { $0.hasPrefix(".") } }
            var skipped = names[...]
            while true {
                if components(rest, match: skipped) { return true }
                guard let name = skipped.first, !name.hasPrefix(".") else { return false }
                skipped = skipped.dropFirst()
            }
        }
        guard let name = names.first, component(first, matches: name) else { return false }
        return components(pattern.dropFirst(), match: names.dropFirst())
    }

    /// `fnmatch(3)` on one component; a leading `.` must be matched literally.
    static func component(_ pattern: String, matches name: String) -> Bool {
        if name.hasPrefix(".") && !pattern.hasPrefix(".") { return false }
        return fnmatch(pattern, name, 0) == 0
    }

    private enum Kind { case file, directory, directoryLink, other }

    private static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path.isEmpty ? "." : path, &status) == 0 else { return .other }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK {
            guard stat(path, &status) == 0 else { return .other }
            let target = status.st_mode & S_IFMT
            return target == S_IFDIR ? .directoryLink : target == S_IFREG ? .file : .other
        }
        return type == S_IFDIR ? .directory : type == S_IFREG ? .file : .other
    }

    private static func entries(of directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return names.sorted()
    }

    /// Every directory below `prefix` (not `prefix` itself), hidden ones and links skipped.
    private static func collectDirectories(under prefix: String, into result: inout [String]) {
        for name in entries(of: prefix) where !name.hasPrefix(".") {
            let path = join(prefix, name)
            if kind(of: path) == .directory {
                result.append(path)
                collectDirectories(under: path, into: &result)
            }
        }
    }

    /// Every file below `prefix`, for a pattern that ends in `**`.
    private static func collectFiles(under prefix: String, into result: inout [String]) {
        for name in entries(of: prefix) where !name.hasPrefix(".") {
            let path = join(prefix, name)
            switch kind(of: path) {
            case .file: result.append(path)
            case .directory: collectFiles(under: path, into: &result)
            default: break
            }
        }
    }

    private static func join(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix.hasSuffix("/") ? prefix + name : prefix + "/" + name
    }
}
