import CodableParsing

extension OutputTarget {
    /// Writes a whole text (generated source, a schema) to `path`, atomically, or to standard
    /// output when `path` is nil or `-`; on failure an existing file is left as it was.
    static func writeText(_ text: String, to path: String?) throws(CommandFailure) {
        let target =
            try path.flatMap { path throws(CommandFailure) in path == "-" ? nil : try atomicFile(path) }
            ?? .standardOutput()
        let buffer = OutputBuffer(capacity: text.utf8.count + 16)
        var cursor = buffer.beginAppending()
        var text = text
        text.withUTF8 { cursor.append($0) }
        buffer.endAppending(cursor)
        do {
            try target.write(buffer)
        } catch {
            target.discard()
            // A reader of standard output that went away wants nothing more.
            if case .failed(let failure) = error { throw failure }
            return
        }
        try target.commit()
    }
}
