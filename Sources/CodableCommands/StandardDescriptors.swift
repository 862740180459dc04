import CStandardDescriptors

/// Standard input, output and error that started closed.
enum StandardDescriptors {
    /// Makes sure each closed standard descriptor is held by a stand-in that fails every read
    /// and write (`codable_occupy_closed_standard_descriptors`, which already ran before `main`:
    /// this call only keeps it linked and states the assumption where the program starts).
    static func occupyClosedOnes() {
        codable_occupy_closed_standard_descriptors()
    }
}
