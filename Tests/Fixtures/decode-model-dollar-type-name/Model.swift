struct Todo: Codable {
    var priority: Todo.$Priority
    enum $Priority: Int, Codable { case low, high }
}
