import Foundation

/// The schema folder's files by the `$id` each declares at its top level, so a `$ref` to
/// `https://example.org/base` finds `base.json` (or any file) whose `$id` says so, whatever its
/// name. Built once, on the first reference the folder's paths do not answer.
struct SchemaDirectoryIndex {
    /// Files examined at most, so a schema folder that is a large tree cannot stall compiling.
    static let fileLimit = 10_000
    /// Larger files are not read for their `$id`.
    static let sizeLimit = 8 << 20

    /// `$id` (resolved against the file, without its fragment) -> file path.
    private(set) var files: [String: String] = [:]

    /// Reads the top-level `$id` (or draft-04 `id`) of every `.json` file in `directory` and its subfolders
    /// (hidden ones skipped); files that are not JSON objects are passed over.
    init(directory: String) {
        let manager = FileManager.default
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        guard
            let walker = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                options: [.skipsHiddenFiles])
        else { return }
        var examined = 0
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            examined += 1
            if examined > Self.fileLimit { break }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values?.isRegularFile == true, (values?.fileSize ?? 0) <= Self.sizeLimit,
                let data = manager.contents(atPath: url.path),
                let id = Self.declaredID(data, path: url.path)
            else { continue }
            if files[id] == nil { files[id] = url.path }
        }
    }

    /// The file's top-level `$id` (`id` in a draft-04 schema) as an absolute URI without fragment.
    private static func declaredID(_ data: Data, path: String) -> String? {
        let uri = "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        guard let document = try? SchemaDocument(bytes: [UInt8](data), file: path, uri: uri),
            document.kind(document.root) == .object
        else { return nil }
        var key = "$id"
        if let schema = document.member(document.root, "$schema"), document.kind(schema) == .string,
            SchemaDraft.named(document.string(schema)) == .draft4
        {
            key = "id"
        }
        guard let id = document.member(document.root, key), document.kind(id) == .string else { return nil }
        let resolved = URIReference(uri).resolving(URIReference(document.string(id))).withoutFragment.text
        return resolved == uri ? nil : resolved
    }
}
