/// A grid of grids: [[[[[[[[[[[[[[[[[[[[[[[[ in a comment is not code.
struct Item: Codable {
    var grid: [[[[[[[[[[[Int]]]]]]]]]]]
}
