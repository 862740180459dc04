struct Price$USD: Codable {
    var amount: Int
}
