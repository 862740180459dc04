struct Item: Codable {
    let separator = ';/*'
    var grid: [[[[[[[[[[[Int]]]]]]]]]]]
}
