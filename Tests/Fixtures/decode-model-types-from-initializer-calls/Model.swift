import Foundation

/// A team as the app keeps it: every property's type comes from its initial value.
struct Team: Codable {
    var members = [Member]()
    var labels = Set<String>()
    var scores = [String: Int]()
    var founded = Date()
    var id = UUID()
    var lead = Member(name: "nobody")
    /// Encoded, never decoded.
    let schema = [String]()

    enum CodingKeys: String, CodingKey {
        case members, labels, scores, founded, id, lead, schema
    }
}

struct Member: Codable {
    var name: String
}
