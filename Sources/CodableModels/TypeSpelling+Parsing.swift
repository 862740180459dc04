extension TypeSpelling {
    /// Reads a type as written on the command line: `Todo`, `[Todo]`, `[String: Todo]`,
    /// `Outer.Inner`, `Todo?`, `Optional<Todo>`, `Page<Todo>`.
    public init(parsing text: String) throws(ModelReadError) {
        var parser = TypeTextParser(text: text)
        self = try parser.parseWhole()
    }
}

/// A recursive-descent reader for the grammar of a type's text.
///
/// It reads Unicode scalars, not characters: a name may begin with a combining mark, which
/// joins the `[` or `<` before it into one character (`[\u{650}` is one), as the Swift parser
/// does; columns in messages count scalars.
struct TypeTextParser {
    private let characters: [Unicode.Scalar]
    private let text: String
    private var index = 0

    init(text: String) {
        self.text = text
        self.characters = Array(text.unicodeScalars)
    }

    mutating func parseWhole() throws(ModelReadError) -> TypeSpelling {
        skipSpaces()
        if index == characters.count { throw failure("it is empty") }
        let type = try parseType()
        skipSpaces()
        if index < characters.count { throw failure("unexpected `\(characters[index])` at column \(index + 1)") }
        return type
    }

    private mutating func parseType() throws(ModelReadError) -> TypeSpelling {
        var type = try parsePrimary()
        while true {
            skipSpaces()
            guard index < characters.count, characters[index] == "?" || characters[index] == "!" else { return type }
            index += 1
            type = .optional(type)
        }
    }

    private mutating func parsePrimary() throws(ModelReadError) -> TypeSpelling {
        skipSpaces()
        guard index < characters.count else { throw failure("a type is missing at its end") }
        if characters[index] == "[" {
            index += 1
            let first = try parseType()
            skipSpaces()
            if consume(":") {
                let value = try parseType()
                try expect("]")
                return .dictionary(key: first, value: value)
            }
            try expect("]")
            return .array(first)
        }
        var components: [TypeSpelling.Component] = []
        repeat {
            skipSpaces()
            let name = identifier()
            guard !name.isEmpty else {
                let found = index < characters.count ? "`\(characters[index])`" : "the end"
                throw failure("expected a type name at column \(index + 1), found \(found)")
            }
            var arguments: [TypeSpelling] = []
            skipSpaces()
            if consume("<") {
                repeat { arguments.append(try parseType()) } while consumeAfterSpaces(",")
                try expect(">")
            }
            components.append(TypeSpelling.Component(name: name, arguments: arguments))
        } while consumeAfterSpaces(".")
        return .named(components)
    }

    /// A Swift identifier (`SwiftIdentifier`'s characters), or "" when none starts here.
    private mutating func identifier() -> String {
        let start = index
        while index < characters.count, Self.continuesIdentifier(characters[index], atStart: index == start) {
            index += 1
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: characters[start..<index])
        return String(name)
    }

    private static func continuesIdentifier(_ scalar: Unicode.Scalar, atStart: Bool) -> Bool {
        atStart ? SwiftIdentifier.isHead(scalar) : SwiftIdentifier.isCharacter(scalar)
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    private mutating func consumeAfterSpaces(_ character: Unicode.Scalar) -> Bool {
        skipSpaces()
        return consume(character)
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(ModelReadError) {
        skipSpaces()
        guard consume(character) else {
            let found = index < characters.count ? "`\(characters[index])`" : "the end"
            throw failure("expected `\(character)` at column \(index + 1), found \(found)")
        }
    }

    private func failure(_ reason: String) -> ModelReadError {
        ModelReadError(message: "cannot read the type `\(text)`: \(reason)")
    }
}
