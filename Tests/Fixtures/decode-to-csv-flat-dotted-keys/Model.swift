struct Unused: Codable {}
