import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary output files that must not outlive the process, even when it is interrupted:
/// SIGINT and SIGTERM remove them, then end the process with 128 + the signal number.
final class TemporaryFiles: Sendable {
    static let shared = TemporaryFiles()

    private let paths = Mutex<Set<String>>([])
    private let sources = Mutex<[any DispatchSourceSignal]>([])

    func register(_ path: String) {
        installSignalHandlersOnce()
        paths.withLock { _ = $0.insert(path) }
    }

    func unregister(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    private func installSignalHandlersOnce() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [self] in
                    paths.withLock { $0.forEach { unlink($0) } }
                    _exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
