import Foundation

/// An invoice line: every field required.
struct Line: Codable {
    var issuedAt: Date
    var amount: Decimal
    var receipt: URL
    var id: UUID
    var scan: Data
    var weight: Float
    var quantity: UInt16
}
