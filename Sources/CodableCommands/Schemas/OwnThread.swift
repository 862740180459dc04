import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool: for work that blocks while tasks it waits on run (a schema compiled while
/// its remote `$ref`s are fetched), which on a one-core machine would otherwise wait on the
/// pool's only thread for ever.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws(CommandFailure) -> Value)
    async throws(CommandFailure) -> Value
{
    let result: Result<Value, CommandFailure> = await withCheckedContinuation { continuation in
        let thread = Thread {
            do throws(CommandFailure) {
                continuation.resume(returning: .success(try body()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    return try result.get()
}
