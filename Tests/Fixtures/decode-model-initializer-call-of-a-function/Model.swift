struct Team: Codable {
    var members = loadMembers()
}
