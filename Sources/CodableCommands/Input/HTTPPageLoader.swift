import CodablePipeline
import Foundation

/// Fetches web pages with an `HTTPTransport` (libcurl, loaded when first needed),
/// retrying 429 and 5xx answers and broken transfers, and following redirects itself (at most
/// 10), never to a scheme other than `http`/`https`. (The transport follows none: a redirect is
/// an answer.)
///
/// A cancelled task cancels its request at once (without waiting for the transfer to stop) and stops a
/// retry's wait.
final class HTTPPageLoader: PageLoader {
    private let settings: HTTPSettings
    private let transport: any HTTPTransport
    private let rateLimit = RateLimitGate()

    init(settings: HTTPSettings, transport: any HTTPTransport = CurlTransport()) {
        self.settings = settings
        self.transport = transport
    }

    func load(_ page: PageReference) async throws(PageLoadError) -> LoadedPage {
        guard case .url(let url) = page else { throw PageLoadError(page: page, reason: "not a web page") }
        var request = HTTPRequest(url: url, timeout: settings.timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in settings.headers { request.setValue(value, forHTTPHeaderField: name) }
        var attempt = 0
        var redirects = 0
        while true {
            attempt += 1
            try await waitForRateLimit(page: page)
            let response: HTTPResponse
            do {
                response = try await transport.response(to: request)
            } catch {
                // A transfer broken off is tried again from the start: no part of it was handed on.
                guard Self.isBrokenTransfer(error), attempt <= settings.retries else {
                    throw failure(error, page: page, attempt: attempt)
                }
                try await sleep(settings.delay(after: attempt, retryAfter: nil), page: page, attempt: attempt)
                continue
            }
            await rateLimit.record(
                remaining: response.value(forHTTPHeaderField: "X-RateLimit-Remaining"),
                reset: response.value(forHTTPHeaderField: "X-RateLimit-Reset"))
            let status = response.statusCode
            if (200..<300).contains(status) {
                return LoadedPage(
                    bytes: response.body, location: .url(request.url),
                    nextLink: response.value(forHTTPHeaderField: "Link").flatMap {
                        LinkHeader.target(of: "next", in: $0)
                    })
            }
            let reason = "HTTP \(status) \(HTTPStatus.reason(status))"
            if [301, 302, 303, 307, 308].contains(status), let location = response.value(forHTTPHeaderField: "Location")
            {
                guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
                    ["http", "https"].contains(target.scheme?.lowercased() ?? "")
                else {
                    throw PageLoadError(
                        page: page, reason: "\(reason): will not follow a redirect to \(location)", attempts: attempt)
                }
                redirects += 1
                guard redirects <= 10 else {
                    throw PageLoadError(page: page, reason: "more than 10 redirects", attempts: attempt)
                }
                request.url = target
                attempt -= 1  // a redirect is not a failed attempt
                continue
            }
            guard status == 429 || (500..<600).contains(status), attempt <= settings.retries else {
                throw PageLoadError(page: page, reason: reason, attempts: attempt)
            }
            let delay = settings.delay(after: attempt, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
            try await sleep(delay, page: page, attempt: attempt)
        }
    }

    /// Waits `delay` seconds before the next attempt; a cancelled task stops waiting.
    private func sleep(_ delay: Double, page: PageReference, attempt: Int) async throws(PageLoadError) {
        do {
            try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        } catch {
            throw PageLoadError(page: page, reason: "cancelled", attempts: attempt, cancelled: true)
        }
    }

    /// Whether `error` broke off a transfer that may well succeed when tried again: the
    /// connection reset or closed before the whole body came (FoundationNetworking reports a
    /// body short of its `Content-Length` as an unknown error). A timeout, a refused
    /// connection or an unknown host are not: trying again would only wait longer.
    static func isBrokenTransfer(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        return [.networkConnectionLost, .unknown, .badServerResponse, .cannotParseResponse].contains(error.code)
    }

    /// Waits until an exhausted rate limit resets, or fails when that is more than `--max-wait`
    /// away.
    private func waitForRateLimit(page: PageReference) async throws(PageLoadError) {
        let wait = await rateLimit.secondsToWait()
        guard wait > 0 else { return }
        guard wait <= settings.maxWait else {
            throw PageLoadError(
                page: page,
                reason:
                    "the rate limit resets in \(Int(wait.rounded(.up))) s (X-RateLimit-Reset), more than --max-wait \(seconds(settings.maxWait))"
            )
        }
        do {
            try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
        } catch {
            throw PageLoadError(page: page, reason: "cancelled", cancelled: true)
        }
    }

    /// A transport error as a person reads it.
    private func failure(_ error: any Error, page: PageReference, attempt: Int) -> PageLoadError {
        let host = { () -> String in
            if case .url(let url) = page { return url.host ?? "the host" }
            return "the host"
        }()
        guard let error = error as? URLError else {
            return PageLoadError(
                page: page, reason: String(describing: error), attempts: attempt, cancelled: Task.isCancelled)
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
            reason = detail.map(Self.shortBody) ?? "network error \(error.code.rawValue)"
        }
        return PageLoadError(page: page, reason: reason, attempts: attempt)
    }

    /// curl's words for a body cut short (`transfer closed with N bytes remaining to read`)
    /// as a person reads them; any other text as it is.
    static func shortBody(_ detail: String) -> String {
        let words = detail.split(separator: " ")
        guard words.count == 8, detail.hasPrefix("transfer closed with "), detail.hasSuffix(" bytes remaining to read"),
            let missing = Int(words[3])
        else { return detail }
        return "the connection closed \(missing) byte\(missing == 1 ? "" : "s") short of the body's Content-Length"
    }

    private func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
