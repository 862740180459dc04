struct Sample: Codable {
    var value: Double
    var ratio: Float?
}
