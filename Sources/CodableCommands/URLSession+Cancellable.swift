import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// The body and response for `request`, like `data(for:)`, but cancelled without waiting.
    ///
    /// On Linux, `data(for:)` deadlocks when its task is cancelled just as the response
    /// completes: the cancellation handler runs under the task's status lock and waits
    /// (`DispatchQueue.sync`) for the session's queue, while that queue, delivering the
    /// response, waits for the same lock to resume the task. (Seen with `| head -1` on a paged
    /// HTTP source: the process never exited.) Here the handler only schedules the cancel.
    func body(for request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            pending.cancel()
        }
    }
}

/// A data task that may be cancelled before it exists: whichever of start and cancel comes
/// second does the cancelling, on another queue.
private final class PendingDataTask: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelLater(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionDataTask) {
        let box = UncheckedTask(task: task)
        DispatchQueue.global().async { box.task.cancel() }
    }
}

/// Carries a data task to the queue that cancels it (`URLSessionTask` is thread-safe).
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionDataTask
}
