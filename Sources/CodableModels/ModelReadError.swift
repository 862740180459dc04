/// A model that cannot be read: a Swift file with a syntax error, an unreadable file, a JSON
/// Schema construct with no Codable shape, or a root type text that names no model type.
///
/// The parser layer only builds these; the commands layer prints them (`FILE:LINE:COL: error:`).
public struct ModelReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, when it is in a file (`nil` for a root type's text or a missing path).
    public var origin: SourceOrigin?
    /// What is wrong, as one sentence without the location.
    public var message: String
    /// Whether reading a file failed (exit status 3) rather than its content (exit status 2).
    public var isIOError: Bool
    /// What would let the model be read, when something would.
    public var remedy: ModelRemedy?

    /// Creates an error.
    public init(origin: SourceOrigin? = nil, message: String, isIOError: Bool = false, remedy: ModelRemedy? = nil) {
        self.origin = origin
        self.message = message
        self.isIOError = isIOError
        self.remedy = remedy
    }

    /// `file:line:column: message`, or the message alone.
    public var description: String {
        guard let origin else { return message }
        return "\(origin): \(message)"
    }
}
