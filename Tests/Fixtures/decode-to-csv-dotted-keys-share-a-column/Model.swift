struct Entry: Codable {
    var m: [String: [String: Int]]
}
