/// The characters of a Swift identifier, as The Swift Programming Language's lexical grammar
/// gives them (identifier-head, identifier-character), so that a type's text names every type a
/// model file can declare: `Café`, `Größe`, `🐶` as well as `Todo`. Like the compiler (and
/// swift-syntax), and unlike the grammar, a `$` may continue an identifier: `Price$USD`.
enum SwiftIdentifier {
    /// Whether `scalar` may start an identifier.
    static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true  // A-Z, a-z, _
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE,
            0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x02FF, 0x0370...0x167F,
            0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E,
            0x203F...0x2040, 0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F,
            0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
            0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
            0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD:
            return true
        default:
            // U+10000–U+1FFFD, U+20000–U+2FFFD, … U+E0000–U+EFFFD: every plane but its last two.
            return value >= 0x10000 && value & 0xFFFF <= 0xFFFD && value < 0xF0000
        }
    }

    /// Whether `scalar` may continue an identifier.
    static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x24, 0x30...0x39, 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return isHead(scalar)
        }
    }
}
