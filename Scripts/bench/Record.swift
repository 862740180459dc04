import Foundation

/// The model of the benchmark records (Scripts/gen-bench-data.py): read by `codable decode
/// --model` and compiled into the JSONDecoder + JSONEncoder program (`main.swift`).
struct Record: Codable {
    var id: Int
    var title: String
    var done: Bool
    var createdAt: String
    var updatedAt: Int
    var dueMs: Int64?
    var reference: Date
    var priority: Int?
    var owner: Owner
    var tags: [String]
    var scores: [Double]
    var notes: String?
    var events: [Event]?

    struct Owner: Codable {
        var id: Int
        var name: String
        var email: String?
        var since: String
    }

    struct Event: Codable {
        var at: String
        var kind: String
    }
}
