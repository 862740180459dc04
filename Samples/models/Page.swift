import Foundation

/// One page of a paginated API response (`Samples/page.json` is a `Page<Member>`).
struct Page<T: Codable>: Codable {
    var items: [T]
    var page: Int
    var pageSize: Int
    var hasMorePages: Bool
    var nextPage: Int?
}

/// A member of a team, as the members endpoint lists them.
struct Member: Codable, Identifiable {
    var id: String
    var name: String
    var email: String
    /// ISO 8601 (`--dates iso8601`).
    var joined: Date
}
