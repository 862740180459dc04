struct Box: Codable {
    var dog: 🐶
    struct 🐶: Codable { var name: String }
}
