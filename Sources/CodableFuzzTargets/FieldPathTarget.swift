import CodablePipeline

/// The `--date PATH` parser (`owner.since`, `events[].at`, `tags[0]`).
///
/// Invariant: a path that parses prints (`description`) as text that parses to the same path.
enum FieldPathTarget {
    static let target = FuzzTarget(
        name: "field-path",
        summary: "FieldPath(parsing:) on any text; a parsed path's description parses back to it",
        seedFolders: ["Tests/Fixtures"],
        run: run)

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: input, as: UTF8.self)
        guard let path = try? FieldPath(parsing: text) else { return }
        let again = try? FieldPath(parsing: path.description)
        require(again == path, "\(text) -> \(path.description) -> \(String(describing: again))")
    }
}
