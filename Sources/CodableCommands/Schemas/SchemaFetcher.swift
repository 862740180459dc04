import CodableParsing
import CodablePipeline
import CodableSchema
import Foundation

/// Schemas named by `http`/`https` URIs (`--schema URL`, a `$ref` no local file provides):
/// from the cache, else fetched as paged input is (the same timeout, retries of 429 and 5xx,
/// redirects), checked to be one JSON value, and cached.
///
/// The compiler asks synchronously, so each fetch runs as a task of its own while the caller
/// waits: callers compile on a thread of their own (`SchemaCompilation.run`), never on one of
/// the cooperative pool's, which the fetch needs.
final class SchemaFetcher: SchemaRemoteLoader {
    private let loader: HTTPPageLoader
    private let cache: SchemaCache?
    /// `--offline`: the cache only.
    private let offline: Bool
    /// `--no-cache`: fetch even what the cache holds (and keep the new copy).
    private let refetch: Bool

    init(settings: HTTPSettings, cache: SchemaCache?, offline: Bool, refetch: Bool) {
        loader = HTTPPageLoader(settings: settings)
        self.cache = cache
        self.offline = offline
        self.refetch = refetch
    }

    func schemaBytes(at uri: String) throws(SchemaFetchError) -> [UInt8] {
        if !refetch, let cached = cache?.read(uri) { return cached }
        if offline {
            let place = cache.map { " (\($0.folder))" } ?? ""
            throw SchemaFetchError(uri: uri, reason: "not in the schema cache\(place), and --offline fetches nothing")
        }
        guard let url = URL(string: uri) else { throw SchemaFetchError(uri: uri, reason: "not a URL") }
        let bytes = try fetch(url, uri: uri)
        if let problem = Self.problem(ofJSON: bytes) {
            throw SchemaFetchError(uri: uri, reason: "the answer is not a JSON schema: \(problem)")
        }
        cache?.write(uri, bytes)
        return bytes
    }

    /// The page at `url`, waited for on this (non-pool) thread.
    private func fetch(_ url: URL, uri: String) throws(SchemaFetchError) -> [UInt8] {
        let outcome = FetchOutcome()
        let done = DispatchSemaphore(value: 0)
        let loader = self.loader
        Task.detached {
            do throws(PageLoadError) {
                outcome.set(.success(try await loader.load(.url(url)).bytes))
            } catch {
                outcome.set(.failure(SchemaFetchError(uri: uri, reason: error.reason)))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// Why `bytes` are not exactly one JSON value, or nil when they are.
    private static func problem(ofJSON bytes: [UInt8]) -> String? {
        var options = RecordReaderOptions(framing: .json)
        options.arrayElementsAreRecords = false
        let reader = RecordReader(source: InMemoryByteSource(bytes), options: options)
        do throws(RecordReadError) {
            while try reader.nextBatch() != nil {}
            return nil
        } catch {
            if case .malformed(let reason, let location, _) = error {
                return "\(reason.printedMessage) at \(location.line):\(location.column)"
            }
            return "\(error)"
        }
    }
}

/// The result a fetch task hands to the waiting thread.
private final class FetchOutcome: @unchecked Sendable {
    private var result: Result<[UInt8], SchemaFetchError>?
    private let lock = NSLock()

    func set(_ result: Result<[UInt8], SchemaFetchError>) {
        lock.withLock { self.result = result }
    }

    func get() throws(SchemaFetchError) -> [UInt8] {
        let result = lock.withLock { self.result }
        return try result!.get()
    }
}
