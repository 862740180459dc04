struct Account: Codable {
    var accountID: Int
    var displayName: String
    var isAdmin: Bool?
}
