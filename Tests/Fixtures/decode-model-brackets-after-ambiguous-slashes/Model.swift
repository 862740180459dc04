struct Item: Codable {
    static let quote = /"/
    var grid: [[Int]]
    var deep: [[[[[[[[[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]]]]]]]]]
}
