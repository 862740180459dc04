import Foundation
import Testing

extension Process {
    /// Sends `signal` until the process ends, and waits for it. codable arms its handlers just
    /// after its temporary file appears, so a signal that comes before is ignored: sending again
    /// is the way to hit the armed handler. After `seconds` it is killed and the test fails
    /// (never wait forever).
    func signalUntilExit(_ signal: Int32, name: String, within seconds: TimeInterval = 20) {
        let stopBy = Date().addingTimeInterval(seconds)
        repeat {
            kill(processIdentifier, signal)
            usleep(50_000)
        } while isRunning && Date() < stopBy
        if isRunning {
            kill(processIdentifier, SIGKILL)
            Issue.record("\(name): codable did not end within \(Int(seconds)) s")
        }
        waitUntilExit()
    }
}
