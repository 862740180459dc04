struct Item: Codable {
    // A grid of grids, on a line that ends with a lone CR:    var grid: [[[[[[[[[[[Int]]]]]]]]]]]
}
