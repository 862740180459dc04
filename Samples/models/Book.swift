import Foundation

/// A book in a reading-list app; the API uses snake_case keys, mapped by `CodingKeys`.
struct Book: Codable, Identifiable, Hashable {
    /// Written into every encoded book, never read back.
    let schemaVersion = 2
    /// ISBN-13, digits only.
    var isbn: String
    var title: String
    var authors: [Author]
    var publishedOn: Date?
    var pageCount: Int?
    var format: Format
    /// 0.0 to 5.0, kept exact.
    var rating: Decimal?
    var coverURL: URL?
    /// Local to the device: left out of `CodingKeys`, so never decoded nor encoded.
    var localNotes = ""

    var id: String { isbn }

    struct Author: Codable, Hashable {
        var name: String
        var orcid: String?
    }

    enum Format: String, Codable {
        case hardcover, paperback, ebook
        case audiobook = "audio"
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case isbn = "isbn_13"
        case title, authors
        case publishedOn = "published_on"
        case pageCount = "page_count"
        case format, rating
        case coverURL = "cover_url"
    }
}
