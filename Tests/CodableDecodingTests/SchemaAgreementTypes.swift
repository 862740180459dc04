import Foundation

// The models of the schema agreement tests as real Swift types, decoded by Foundation. codable
// reads this very file with `SwiftModelReader` (`SchemaAgreementCorpus.models()`).

struct Tree: Codable {
    var name: String
    var weight: Int16
    var children: [Tree]?
}

struct Account: Codable {
    var firstName: String
    var userID: Int?
    var httpStatusCode: UInt8
    var _flag: Bool?
    var isActive: Bool
    var tags: Set<String>
}

struct Moment: Codable {
    var at: Date
    var until: Date?
    var history: [Date]?
}

enum Status: Int, Codable {
    case open = 0
    case closed = 1
    case archived = 10
}

enum Command: Codable {
    case move(x: Int8, y: Int8)
    case say(String)
    case stop
    case tag(label: String?, Status)
}

struct Wrapper<T: Codable>: Codable {
    var value: T
    var values: [T]?
    var count: UInt32
}

struct Inventory: Codable {
    var byID: [Int: String]
    var counts: [String: UInt16]
    var owners: [UUID: Int]?
    var blob: Data?
    var ratio: Float
    var price: Double?
}

struct Settings: Codable {
    var version: Int = 1
    var name: String
    var limit: Int8?
    var status: Status
    var commands: [Command]
    var local = ""

    enum CodingKeys: String, CodingKey {
        case version, name
        case limit = "max_limit"
        case status, commands
    }
}
