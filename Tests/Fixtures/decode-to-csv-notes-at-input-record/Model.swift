struct Entry: Codable {
    var id: Int
    var extra: [String: Int]?
}
