import CodableParsing
import Foundation

/// Schemas fetched over HTTP, kept on disk so that a CI run (or `--offline`) does not fetch them
/// again: `$XDG_CACHE_HOME/codable/schemas` (default `~/.cache/codable/schemas`), one file per
/// URI.
///
/// An entry is written to a file of its own (named for the process and a random number) and
/// renamed into place, so that any number of processes fetching the same schema at once leave
/// one whole entry and a reader never sees half of one. Each entry starts with a header line
/// that names its URI, its length and a hash of its bytes: an entry that does not match them
/// (cut short, overwritten, another URI's) is ignored and fetched again, never trusted.
struct SchemaCache: Sendable {
    /// The cache's folder.
    let folder: String

    /// The cache under `$XDG_CACHE_HOME` or `~/.cache`; nil when neither is known.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SchemaCache? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return SchemaCache(folder: base + "/codable/schemas")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return SchemaCache(folder: home + "/.cache/codable/schemas")
    }

    /// The cached bytes of `uri`, when a whole, matching entry is there.
    func read(_ uri: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path(of: uri)) else { return nil }
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self)
        let body = Array(bytes[(newline + 1)...])
        guard header == Self.header(uri: uri, body: body) else { return nil }
        return body
    }

    /// Keeps `body` as the entry of `uri`; a cache that cannot be written is no error (the
    /// schema was fetched; the next run fetches it again).
    func write(_ uri: String, _ body: [UInt8]) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return
        }
        let target = path(of: uri)
        let temporary = "\(target).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let entry = Data((Self.header(uri: uri, body: body) + "\n").utf8) + Data(body)
        guard FileManager.default.createFile(atPath: temporary, contents: entry) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }

    /// The entry's file: the URI's hash, so that any URI makes a safe file name.
    func path(of uri: String) -> String {
        folder + "/" + Self.hash(Array(uri.utf8)) + ".json"
    }

    /// `codable-schema-cache 1 LENGTH HASH URI`.
    private static func header(uri: String, body: [UInt8]) -> String {
        "codable-schema-cache 1 \(body.count) \(hash(body)) \(uri)"
    }

    /// 32 hex digits (`StableHash`): a check against a damaged entry, not a defence against a
    /// forged one (the cache is the user's own).
    static func hash(_ bytes: [UInt8]) -> String {
        StableHash.hex([bytes])
    }
}
