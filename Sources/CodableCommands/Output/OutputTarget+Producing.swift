/// How every command that writes output ends: committed when all went well; discarded (an `-o`
/// file left untouched, no temporary file behind) on any failure; quietly when the reader of
/// standard output went away.
extension OutputTarget {
    /// Runs `body`, which writes everything to this target, then commits it.
    ///
    /// On failure the target is discarded after `cleanUp` (other files the command was
    /// writing). `otherError` words an error that is neither a `CommandFailure` nor a write
    /// error. Returns false when standard output's reader went away (nothing more to do).
    @discardableResult
    func produce(
        cleanUp: () -> Void = {},
        otherError: (any Error) -> CommandFailure = { .usage("unexpected error: \($0)") },
        _ body: () async throws -> Void
    ) async throws(CommandFailure) -> Bool {
        do {
            try await body()
            try commit()
            return true
        } catch let error as OutputWriteError {
            discard()
            switch error {
            case .readerWentAway: return false
            case .failed(let failure):
                cleanUp()
                throw failure
            }
        } catch let failure as CommandFailure {
            discard()
            cleanUp()
            throw failure
        } catch {
            discard()
            cleanUp()
            throw otherError(error)
        }
    }
}
