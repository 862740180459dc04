import Foundation

struct Attachment: Codable {
    var name: String
    var bytes: Data
}
