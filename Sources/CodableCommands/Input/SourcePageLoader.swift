import CodablePipeline
import SystemPackage

/// Loads pages from files and standard input, and hands web pages to an HTTP loader.
struct SourcePageLoader: PageLoader {
    /// Fetches `http(s)` pages.
    let web: HTTPPageLoader

    func load(_ page: PageReference) async throws(PageLoadError) -> LoadedPage {
        switch page {
        case .url:
            return try await web.load(page)
        case .file(let path):
            return LoadedPage(bytes: try Self.readAll(InputFile(path: path), page: page), location: page)
        case .standardInput:
            return LoadedPage(bytes: try Self.readAll(InputFile(path: nil), page: page), location: page)
        }
    }

    /// The whole content of a file (or standard input).
    static func readAll(_ file: InputFile, page: PageReference) throws(PageLoadError) -> [UInt8] {
        let source: FileByteSource
        do {
            source = try file.open()
        } catch {
            if case .unreadableInput(_, let reason) = error { throw PageLoadError(page: page, reason: reason) }
            throw PageLoadError(page: page, reason: "cannot open")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if Task.isCancelled { throw PageLoadError(page: page, reason: "cancelled", cancelled: true) }
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
            } catch {
                throw PageLoadError(page: page, reason: describe(error))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
