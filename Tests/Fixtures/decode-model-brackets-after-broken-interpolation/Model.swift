struct Item: Codable {
    var label: String { "\(grid.count" }
    var grid: [[Int]]
    var note: String { "\(grid.count]" + [[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]].description }
}
