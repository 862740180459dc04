/// The checks behind `StringFormat`, written against the RFCs the spec names (3339, 5321,
/// 1123, 2673, 4291, 3986, 3987, 4122, 6901, 6570), ASCII-strict where they are.
enum FormatChecks {
    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 &* 10 &+ Int($1 - 0x30) }
    }

    private static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// `YYYY-MM-DD` with a day that exists.
    static func date(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D,
            let year = digits(b[0..<4]), let month = digits(b[5..<7]), let day = digits(b[8..<10])
        else { return false }
        let lengths = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return month >= 1 && month <= 12 && day >= 1 && day <= lengths[month - 1]
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
    static func time(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count >= 9, b[2] == 0x3A, b[5] == 0x3A,
            let hour = digits(b[0..<2]), let minute = digits(b[3..<5]), let second = digits(b[6..<8])
        else { return false }
        var index = 8
        if b[index] == 0x2E {
            index += 1
            let start = index
            while index < b.count && b[index] >= 0x30 && b[index] <= 0x39 { index += 1 }
            guard index > start else { return false }
        }
        guard index < b.count else { return false }
        var offsetMinutes = 0
        switch b[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == b.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard b.count - index == 6, b[index + 3] == 0x3A,
                let offsetHour = digits(b[(index + 1)..<(index + 3)]),
                let offsetMinute = digits(b[(index + 4)..<(index + 6)]),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (b[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 3339 `date-time`: a date, `T`, and a time with offset.
    static func dateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return date(bytes[0..<10]) && time(bytes[11...])
    }

    /// ISO 8601 durations as RFC 3339 appendix A writes them: `P1Y2M3DT4H5M6S`, `P2W`; the
    /// units present run without gaps (`P1Y2M`, `P2M3D`, `PT1M2S`, never `P1Y2D`).
    static func duration(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var index = 1
        var inTime = false
        var sawTimeUnit = false
        var lastRank = -1
        var sawWeek = false
        var sawAny = false
        let dateUnits: [UInt8: Int] = [UInt8(ascii: "Y"): 0, UInt8(ascii: "M"): 1, UInt8(ascii: "D"): 3]
        let timeUnits: [UInt8: Int] = [UInt8(ascii: "H"): 4, UInt8(ascii: "M"): 5, UInt8(ascii: "S"): 6]
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { return false }
                inTime = true
                index += 1
                continue
            }
            let start = index
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            guard index > start, index < bytes.count else { return false }
            let unit = bytes[index]
            index += 1
            if !inTime && unit == UInt8(ascii: "W") {
                guard !sawAny else { return false }
                sawWeek = true
                sawAny = true
                continue
            }
            guard !sawWeek, let rank = (inTime ? timeUnits : dateUnits)[unit], rank > lastRank else { return false }
            // Units run without gaps (`dur-year = 1*DIGIT "Y" [dur-month]`): no P1Y2D, no PT1H2S.
            if lastRank >= 0 && rank != (lastRank == 1 ? 3 : lastRank + 1) && !(inTime && lastRank < 4) {
                return false
            }
            lastRank = rank
            sawAny = true
            if inTime { sawTimeUnit = true }
        }
        return sawAny && (!inTime || sawTimeUnit) && !(sawWeek && index != bytes.count)
    }

    /// Dotted-quad IPv4, no leading zeros.
    static func ipv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard part.count <= 3, let value = digits(part), value <= 255 else { return false }
            return part.count == 1 || part.first != 0x30
        }
    }

    /// RFC 4291 text form: eight groups, one `::`, an optional IPv4 tail; no zone.
    static func ipv6(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String, allowIPv4Tail: Bool) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            var count = 0
            for (index, piece) in pieces.enumerated() {
                if allowIPv4Tail && index == pieces.count - 1 && piece.contains(".") {
                    guard ipv4(ArraySlice(piece.utf8)) else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(piece.utf8.count), piece.allSatisfy(\.isHexDigit) else { return nil }
                    count += 1
                }
            }
            return count
        }
        if halves.count == 1 {
            return groups(text, allowIPv4Tail: true) == 8
        }
        guard let head = groups(halves[0], allowIPv4Tail: false), let tail = groups(halves[1], allowIPv4Tail: true)
        else { return false }
        return head + tail <= 7
    }

    /// RFC 5321 mailbox: a dot-atom or quoted local part, and a host name or address literal.
    static func email(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = String(text[text.index(after: at)...])
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
            let allowed = Set("!#$%&'*+-/=?^_`{|}~.".unicodeScalars)
            for scalar in local.unicodeScalars {
                if scalar.isASCII {
                    guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || allowed.contains(scalar)
                    else { return false }
                } else if !international {
                    return false
                }
            }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return ipv6(String(literal.dropFirst(5))) }
            return ipv4(ArraySlice(literal.utf8))
        }
        return IDNAChecks.hostname(domain, international: international)
    }

    /// RFC 3986 URI or URI reference (RFC 3987 IRIs when `international`).
    static func uri(_ text: String, requireScheme: Bool, international: Bool) -> Bool {
        let reference = URIReference(text)
        if requireScheme {
            guard let scheme = reference.scheme, let first = scheme.unicodeScalars.first, first.isASCII,
                first.properties.isAlphabetic,
                scheme.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
                })
            else { return false }
        } else if reference.scheme == nil, let colon = reference.path.firstIndex(of: ":"),
            !reference.path[..<colon].contains("/")
        {
            return false  // a relative path's first segment may not hold a colon
        }
        if let authority = reference.authority {
            let parts = authority.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.count == 1 || !parts[0].contains(where: { $0 == "[" || $0 == "]" }) else {
                return false
            }
            var host = parts.last.map(String.init) ?? ""
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]") else { return false }
                let literal = String(host[host.index(after: host.startIndex)..<close])
                if !literal.hasPrefix("v") && !literal.hasPrefix("V") && !ipv6(literal) { return false }
                host = String(host[host.index(after: close)...])
                guard host.isEmpty || host.hasPrefix(":") else { return false }
            }
            if let colon = host.firstIndex(of: ":") {
                guard host[host.index(after: colon)...].allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            }
        }
        let general = Set("!$&'()*+,;=-._~:@/?#[]%".unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var hashes = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                    scalars[index + 2].properties.isASCIIHexDigit
                else { return false }
                index += 3
                continue
            }
            if scalar == "#" { hashes += 1 }
            if scalar.isASCII {
                guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || general.contains(scalar) else {
                    return false
                }
                if (scalar == "[" || scalar == "]")
                    && reference.authority.map({ !$0.contains(scalar.description) }) ?? true
                {
                    return false
                }
            } else if !international {
                return false
            }
            index += 1
        }
        return hashes <= 1
    }

    /// 8-4-4-4-12 hex digits.
    static func uuid(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard Character(Unicode.Scalar(byte)).isHexDigit else { return false }
            }
        }
        return true
    }

    /// RFC 6901: empty, or `/`-separated tokens where `~` is followed by 0 or 1.
    static func jsonPointer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "~") {
                let next = index + 1
                guard next < bytes.endIndex, bytes[next] == UInt8(ascii: "0") || bytes[next] == UInt8(ascii: "1") else {
                    return false
                }
            }
            index += 1
        }
        return true
    }

    /// A non-negative integer (no leading zeros), then `#` or a JSON Pointer.
    static func relativeJSONPointer(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
        guard index > 0, index == 1 || bytes[0] != 0x30 else { return false }
        if index < bytes.count && bytes[index] == UInt8(ascii: "#") { return index + 1 == bytes.count }
        return jsonPointer(bytes[index...])
    }
}
