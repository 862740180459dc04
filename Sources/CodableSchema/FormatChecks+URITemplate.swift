/// `uri-template` (RFC 6570).
extension FormatChecks {
    /// RFC 6570 level 4: literals, and expressions of an optional operator and varspecs
    /// (`name`, `name:30`, `name*`).
    static func uriTemplate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        let forbidden = Set(" \"<>\\^`|}".unicodeScalars)
        func pctEncoded(_ at: Int) -> Bool {
            at + 2 < scalars.count && scalars[at + 1].properties.isASCIIHexDigit
                && scalars[at + 2].properties.isASCIIHexDigit
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else { return false }
                guard expression(Array(scalars[(index + 1)..<close])) else { return false }
                index = close + 1
                continue
            }
            if scalar == "%" {
                guard pctEncoded(index) else { return false }
                index += 3
                continue
            }
            guard scalar.value > 0x20, scalar.value != 0x7F, !forbidden.contains(scalar) else { return false }
            index += 1
        }
        return true
    }

    private static func expression(_ body: [Unicode.Scalar]) -> Bool {
        var rest = body[...]
        if let first = rest.first, "+#./;?&=,!@|".unicodeScalars.contains(first) { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return false }
        for spec in rest.split(separator: ",", omittingEmptySubsequences: false) {
            var name = spec[...]
            if name.last == "*" {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: ":") {
                let length = name[(colon + 1)...]
                guard (1...4).contains(length.count), length.first != "0",
                    length.allSatisfy({ ("0"..."9").contains($0) })
                else { return false }
                name = name[..<colon]
            }
            guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
            var previousDot = false
            var index = name.startIndex
            while index < name.endIndex {
                let scalar = name[index]
                if scalar == "." {
                    guard !previousDot else { return false }
                    previousDot = true
                } else if scalar == "%" {
                    guard index + 2 < name.endIndex, name[index + 1].properties.isASCIIHexDigit,
                        name[index + 2].properties.isASCIIHexDigit
                    else { return false }
                    index += 2
                    previousDot = false
                } else {
                    guard scalar.isASCII,
                        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    else { return false }
                    previousDot = false
                }
                index += 1
            }
        }
        return true
    }
}
