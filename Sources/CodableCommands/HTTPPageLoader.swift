import CodablePipeline
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches web pages with `URLSession` (FoundationNetworking on Linux: nothing to build),
/// retrying 429 and 5xx answers, and never following a redirect to a scheme other than
/// `http`/`https`.
///
/// A cancelled task cancels its request at once (URLSession's async API does so) and stops a
/// retry's wait.
final class HTTPPageLoader: PageLoader {
    private let settings: HTTPSettings
    private let session: URLSession

    init(settings: HTTPSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 2
        self.session = URLSession(configuration: configuration, delegate: RedirectPolicy(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    func load(_ page: PageReference) async throws(PageLoadError) -> [UInt8] {
        guard case .url(let url) = page else { throw PageLoadError(page: page, reason: "not a web page") }
        var request = URLRequest(url: url)
        request.timeoutInterval = settings.timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in settings.headers { request.setValue(value, forHTTPHeaderField: name) }
        var attempt = 0
        while true {
            attempt += 1
            let data: Data
            let response: HTTPURLResponse
            do {
                let (body, answer) = try await session.data(for: request)
                guard let answer = answer as? HTTPURLResponse else {
                    throw PageLoadError(page: page, reason: "not an HTTP response", attempts: attempt)
                }
                (data, response) = (body, answer)
            } catch let error as PageLoadError {
                throw error
            } catch {
                throw failure(error, page: page, attempt: attempt)
            }
            let status = response.statusCode
            if (200..<300).contains(status) { return [UInt8](data) }
            let reason = "HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized)"
            guard status == 429 || (500..<600).contains(status), attempt <= settings.retries else {
                if (300..<400).contains(status), let location = response.value(forHTTPHeaderField: "Location") {
                    throw PageLoadError(page: page, reason: "\(reason): will not follow a redirect to \(location)", attempts: attempt)
                }
                throw PageLoadError(page: page, reason: reason, attempts: attempt)
            }
            let delay = settings.delay(after: attempt, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
            do {
                try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            } catch {
                throw PageLoadError(page: page, reason: "cancelled", attempts: attempt, cancelled: true)
            }
        }
    }

    /// A transport error as a person reads it.
    private func failure(_ error: any Error, page: PageReference, attempt: Int) -> PageLoadError {
        let host = { () -> String in
            if case .url(let url) = page { return url.host ?? "the host" }
            return "the host"
        }()
        guard let error = error as? URLError else {
            return PageLoadError(page: page, reason: String(describing: error), attempts: attempt, cancelled: Task.isCancelled)
        }
        let reason: String
        switch error.code {
        case .cancelled: return PageLoadError(page: page, reason: "cancelled", attempts: attempt, cancelled: true)
        case .timedOut: reason = "timed out (no data for \(seconds(settings.timeout)))"
        case .cannotFindHost, .dnsLookupFailed: reason = "cannot resolve host \(host)"
        case .cannotConnectToHost: reason = "cannot connect to \(host) (connection refused)"
        case .networkConnectionLost: reason = "the connection was lost"
        case .notConnectedToInternet: reason = "no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            reason = "the TLS connection failed"
        case .unsupportedURL: reason = "unsupported URL"
        default:
            let detail = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
            reason = detail ?? "network error \(error.code.rawValue)"
        }
        return PageLoadError(page: page, reason: reason, attempts: attempt)
    }

    private func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Refuses redirects to anything but `http`/`https` (the 3xx answer then fails the fetch).
private final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let scheme = request.url?.scheme?.lowercased()
        completionHandler(scheme == "http" || scheme == "https" ? request : nil)
    }
}
