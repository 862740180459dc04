import CSupport
import Foundation
import Synchronization

/// HTTP(S) through the system libcurl (`CSupport`'s HTTPClient.c), loaded when the first request
/// is sent, so that runs without a URL load no networking library at all. Each request blocks a
/// thread of its own (never one of the cooperative pool's); a cancelled task gets its
/// `URLError(.cancelled)` at once, and the transfer stops within about a second after.
struct CurlTransport: HTTPTransport {
    func response(to request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = try CurlTransfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// One transfer and the continuation waiting for it: whichever of the transfer's end and a
/// cancel comes first resumes it.
private final class CurlTransfer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var cancelled = false
        var resumed = false
    }

    /// The C transfer; freed with this object, which the performing thread keeps alive.
    private nonisolated(unsafe) let handle: OpaquePointer
    private let request: URL
    private let url: String
    private let timeout: Double
    private let state = Mutex(State())

    init(_ request: HTTPRequest) throws {
        guard let handle = codable_http_transfer_create() else {
            throw HTTPTransportError(description: "out of memory for an HTTP request")
        }
        self.handle = handle
        self.request = request.url
        url = request.url.absoluteString
        timeout = request.timeout
        for (name, value) in request.headers where codable_http_transfer_add_header(handle, "\(name): \(value)") == 0 {
            throw HTTPTransportError(
                description: codable_http_libcurl_failure().map { String(cString: $0) }
                    ?? "out of memory for an HTTP request")
        }
    }

    deinit {
        codable_http_transfer_free(handle)
    }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let cancelled = state.withLock { state in
            state.continuation = continuation
            return state.cancelled
        }
        if cancelled {
            resume(with: .failure(URLError(.cancelled)))
            return
        }
        let thread = Thread { [self] in
            resume(with: perform())
        }
        thread.start()
    }

    func cancel() {
        codable_http_transfer_cancel(handle)
        state.withLock { $0.cancelled = true }
        resume(with: .failure(URLError(.cancelled)))
    }

    private func resume(with result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.resumed, let continuation = state.continuation else { return nil }
            state.resumed = true
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Runs the transfer on this (blocking) thread.
    private func perform() -> Result<HTTPResponse, any Error> {
        let code = codable_http_transfer_perform(handle, url, timeout)
        guard code == 0 else { return .failure(error(code)) }
        var bodyLength = 0
        let body = codable_http_transfer_body(handle, &bodyLength)
        var headLength = 0
        let head = codable_http_transfer_head(handle, &headLength)
        return .success(
            HTTPResponse(
                statusCode: codable_http_transfer_status(handle),
                headers: HTTPResponse.headerFields(
                    in: head.map {
                        String(decoding: UnsafeRawBufferPointer(start: $0, count: headLength), as: UTF8.self)
                    }
                        ?? ""),
                body: body.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: bodyLength)) } ?? []))
    }

    /// libcurl's error `code` as the `URLError` FoundationNetworking reports for it.
    private func error(_ code: Int32) -> any Error {
        let words = String(cString: codable_http_transfer_error(handle))
        let urlCode: URLError.Code
        switch code {
        case CODABLE_HTTP_NO_LIBCURL: return HTTPTransportError(description: words)
        case 1, 3: urlCode = .unsupportedURL  // CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT
        case 5, 6: urlCode = .cannotFindHost  // CURLE_COULDNT_RESOLVE_PROXY, _HOST
        case 7: urlCode = .cannotConnectToHost  // CURLE_COULDNT_CONNECT
        case 28: urlCode = .timedOut  // CURLE_OPERATION_TIMEDOUT
        case 42: urlCode = .cancelled  // CURLE_ABORTED_BY_CALLBACK
        case 52: urlCode = .badServerResponse  // CURLE_GOT_NOTHING
        case 55, 56: urlCode = .networkConnectionLost  // CURLE_SEND_ERROR, CURLE_RECV_ERROR
        case 60: urlCode = .serverCertificateUntrusted  // CURLE_PEER_FAILED_VERIFICATION
        case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 83, 90, 91: urlCode = .secureConnectionFailed  // TLS
        default: urlCode = .unknown  // CURLE_PARTIAL_FILE among others: libcurl's words say which
        }
        return URLError(urlCode, userInfo: [NSLocalizedDescriptionKey: words, NSURLErrorFailingURLErrorKey: request])
    }
}
