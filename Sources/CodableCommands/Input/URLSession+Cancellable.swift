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
    ///
    /// Nor is a task cancelled once its completion handler has run: FoundationNetworking then
    /// drops the task from its session while the cancel is on its way, and the cancel's failure
    /// callback stops the process ("Trying to access a behaviour for a task that in not in the
    /// registry", seen with `--limit` on a paged HTTP source).
    func body(for request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    guard pending.finish() else { return }
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
/// second does the cancelling, on another queue, unless the task has finished by then. The
/// cancel is made under the lock that `finish()` takes, so a completion handler that begins
/// meanwhile waits until the cancel is queued ahead of the task's removal from its session.
private final class PendingDataTask: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
        var finished = false
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { cancelLater(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { cancelLater(task) }
    }

    /// Marks the task finished, from its completion handler; false when it already was (the
    /// handler then does nothing: a continuation is resumed once).
    func finish() -> Bool {
        state.withLock { state in
            defer { state.finished = true }
            return !state.finished
        }
    }

    private func cancelLater(_ task: URLSessionDataTask) {
        let box = UncheckedTask(task: task)
        DispatchQueue.global().async { [self] in
            state.withLock { state in
                if !state.finished { box.task.cancel() }
            }
        }
    }
}

/// Carries a data task to the queue that cancels it (`URLSessionTask` is thread-safe).
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionDataTask
}
