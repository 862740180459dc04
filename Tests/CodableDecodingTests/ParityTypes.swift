import Foundation

// The models of the parity tests as real Swift types, decoded by Foundation. codable reads this
// very file with `SwiftModelReader` (`ParityModels.fromSource`): the same models, twice.

struct Person: Codable, Equatable {
    var name: String
    var age: Int8
    var email: String?
    var tags: [String]
    var score: Double?
    var ratio: Float?
    var count: UInt16?
    var big: Int64?
    var active: Bool
    var owner: Owner?
    let kind: String = "person"

    enum CodingKeys: String, CodingKey {
        case name, age, email, tags, score, ratio, count, big, active, owner, kind
    }

    struct Owner: Codable, Equatable {
        var email: String
        var since: Date?
        var level: UInt8?
    }
}

enum Priority: String, Codable, Equatable {
    case low, medium
    case high = "HIGH"
}
enum Level: Int, Codable, Equatable {
    case one = 1
    case two = 2
    case minus = -1
}

struct Todo: Codable, Equatable {
    var id: UUID
    var title: String
    var done: Bool
    var due: Date?
    var priority: Priority
    var link: URL?
    var attachment: Data?
    var cost: Decimal?
    var labels: Set<String>?
}

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(Double, Double)
    case label(text: String, size: Int16?)
    case none
}

struct Drawing: Codable, Equatable {
    var shapes: [Shape]
    var level: Level
    var levels: [Level]?
    var matrix: [[Int32]]?
}

struct Page<T: Codable & Equatable>: Codable, Equatable {
    var items: [T]
    var next: Int?
    var total: UInt?
}

struct Maps: Codable, Equatable {
    var byName: [String: Int]
    var byId: [Int: String]?
    var byFlag: [Bool: String]?
    var nested: [String: [Int8]]?
    var optionals: [Int?]?
    var any: [String: Double]?
}

struct Renamed: Codable, Equatable {
    var firstName: String
    var lastName: String?
    var secret: String = "hidden"
    let version: Int = 2

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name"
        case lastName = "last name"
        case version
    }
}

struct Snake: Codable, Equatable {
    var firstName: String
    var userID: Int?
    var httpStatusCode: Int?
    var _private: Bool?
}

struct Numbers: Codable, Equatable {
    var i: Int?
    var i8: Int8?
    var i16: Int16?
    var i32: Int32?
    var i64: Int64?
    var u: UInt?
    var u8: UInt8?
    var u16: UInt16?
    var u32: UInt32?
    var u64: UInt64?
    var f: Float?
    var d: Double?
    var dec: Decimal?
}

struct Required: Codable, Equatable {
    var link: URL
    var id: UUID
    var amount: Decimal
    var ratio: Float
    var small: UInt8
}

/// Types inferred from initializer calls: decoded (`var`) or a constant (`let`).
struct Crew: Codable, Equatable {
    var owners = [Person.Owner]()
    var tags = Set<String>()
    var scores = [String: Int]()
    var at = Date()
    var id = UUID()
    let kinds = [String]()

    enum CodingKeys: String, CodingKey {
        case owners, tags, scores, at, id, kinds
    }
}

struct Bytes: Codable, Equatable {
    var payload: Data
}

struct Stamped: Codable, Equatable {
    var at: Date
    var events: [Event]?

    struct Event: Codable, Equatable {
        var at: Date
        var name: String
    }
}
