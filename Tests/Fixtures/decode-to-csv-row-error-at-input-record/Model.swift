struct Unused: Codable {
    var id: Int
}
