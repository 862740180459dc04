import Foundation

struct Event: Codable {
    var name: String
    var window: Window?
}

/// Decoded by hand: codable cannot know what this accepts.
struct Window: Codable {
    var start: Date
    var end: Date

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        start = Date()
        end = Date()
        _ = text
    }
}
