import Foundation

/// A to-do item, as the app stores it and its API sends it (`Samples/todos.json`).
struct Todo: Codable, Identifiable, Hashable {
    var id: Int
    var title: String
    var done: Bool
    /// Seconds since 2001-01-01 (`JSONDecoder`'s default date strategy).
    var createdAt: Date
    var due: Date?
    var tags: [String]
    var priority: Priority
    var notes: String?
    /// Hours.
    var estimate: Double?
    var reminder: Reminder?

    /// 1 is the most urgent.
    enum Priority: Int, Codable, Comparable {
        case high = 1, medium, low

        static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// When to remind: at a date, or some minutes before `due`
    /// (`{"at": {"_0": …}}`, `{"before": {"minutes": 30}}`).
    enum Reminder: Codable, Hashable {
        case at(Date)
        case before(minutes: Int)
    }

    /// Computed: not part of the JSON.
    var isOverdue: Bool {
        guard let due, !done else { return false }
        return due < Date()
    }
}
