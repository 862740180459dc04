struct Item: Codable { var id: Int }
let e �= 1
