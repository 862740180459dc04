struct Reading: Codable {
    var sensor: UInt16
    var celsius: Int8
}
