import Foundation

// `Data(contentsOf:)` reads http URLs through FoundationNetworking, which codable itself no
// longer links.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The paginated test API (`Tests/PageServer/page_server.py`) on 127.0.0.1, on a port of its
/// own: started by a test, stopped when the test is done (closing its standard input stops it,
/// so a test that crashes leaves no server behind either).
final class PageServer {
    let port: Int
    private let process: Process
    private let input: Pipe

    /// Whether `python3` can run the server here.
    static let isAvailable: Bool = {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains { directory in
            FileManager.default.isExecutableFile(atPath: "\(directory)/python3")
        } ?? false
    }()

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", CodableBinary.repositoryRoot.appendingPathComponent("Tests/PageServer/page_server.py").path,
        ]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError.noPort(String(decoding: line, as: UTF8.self))
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The paths requested so far, in order.
    func requests() throws -> [String] {
        let data = try Data(contentsOf: URL(string: url("/requests"))!)
        return try JSONDecoder().decode([String].self, from: data)
    }

    enum ServerError: Error { case noPort(String) }
}
