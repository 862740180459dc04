/// Regular expressions for the date strings a strategy reads.
///
/// They follow the grammar Foundation reads (see `ISO8601Parser`, and TR35 for `format:`) but
/// cannot hold every rule of it: the ISO-8601 one does not limit the year to 506 714 or the
/// time fields to 32 bits, nor rolls Feb 30 into March (it accepts it, as Foundation does); a
/// `format:` one checks the shape of each field, not its range. These are the strings where a
/// generated schema can accept what `JSONDecoder` refuses.
enum DatePatterns {
    /// What `.iso8601` reads: `year-month-dayThour:minute:second[.fraction]zone[anything]`,
    /// numbers of 1 to 10 digits, month 1–12, day 1–31, zone `Z`, `GMT`/`UTC` with an optional
    /// offset, or an offset up to ±18:00.
    static let iso8601: String = {
        let offset = "(?:(?:1[0-7]|0?[0-9])(?::?[0-5][0-9])?|18(?::?00)?)"
        let month = "0{0,8}(?:0?[1-9]|1[0-2])"
        let day = "0{0,8}(?:0?[1-9]|[12][0-9]|3[01])"
        let number = "[0-9]{1,10}"
        let zone = "(?:[Zz]|(?:[Gg][Mm][Tt]|[Uu][Tt][Cc])(?:[+-]\(offset))?|[+-]\(offset))"
        return "^\(number)-\(month)-\(day)T\(number):\(number):\(number)(?:\\.[0-9]{1,9})?\(zone)"
    }()

    /// The shape of the strings a `DateFormatter` pattern (Unicode TR35) reads: each field as
    /// digits, letters or a zone, literals as written.
    static func pattern(forFormat format: String) -> String {
        var result = "^"
        let characters = Array(format)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // A quoted literal; `''` is a quote.
                var end = index + 1
                var literal = ""
                while end < characters.count {
                    if characters[end] == "'" {
                        if end + 1 < characters.count && characters[end + 1] == "'" {
                            literal.append("'")
                            end += 2
                            continue
                        }
                        break
                    }
                    literal.append(characters[end])
                    end += 1
                }
                result += literal.isEmpty && end == index + 1 ? "'" : SnakeCaseKeys.escaped(literal)
                index = end + 1
                continue
            }
            guard character.isASCII && character.isLetter else {
                result += SnakeCaseKeys.escaped(String(character))
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count && characters[index + count] == character { count += 1 }
            result += field(character, count: count)
            index += count
        }
        return result + "$"
    }

    private static func field(_ letter: Character, count: Int) -> String {
        switch letter {
        case "y", "Y", "u", "S", "A": return "[0-9]+"
        case "M", "L":
            if count <= 2 { return "[0-9]{1,2}" }
            return count == 3 ? "[A-Za-z]{3}\\.?" : "[A-Za-z]+"
        case "d", "H", "h", "k", "K", "m", "s", "w", "W", "F", "e", "c", "q", "Q":
            return count <= 2 ? "[0-9]{1,2}" : "[A-Za-z]+"
        case "D": return "[0-9]{1,3}"
        case "E", "G": return "[A-Za-z]+"
        case "a": return "(?:[AaPp][Mm])"
        case "Z", "X", "x", "z", "O", "v", "V":
            return
                "(?:[Zz]|[+-][0-9]{2}(?::?[0-9]{2})?|[A-Za-z]{1,5}(?:[+-][0-9]{1,2}(?::?[0-9]{2})?)?|[A-Za-z]+/[A-Za-z_]+)"
        default: return ".+"
        }
    }
}
