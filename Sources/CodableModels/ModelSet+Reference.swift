extension ModelSet {
    /// Resolves a type's text (`Todo`, `[Todo]`, `[String: Todo]`, `Outer.Inner`, `Todo?`,
    /// `Page<Todo>`) against these types. Names are qualified model names or builtins
    /// (`Int`, `Date`, `Foundation.URL` …); an unknown name is an error that lists close names
    /// and the types available.
    ///
    /// A name that resolves to an `.unsupported` type is returned as is: the decoder reports its
    /// reason where it is used.
    public func reference(parsing typeText: String) throws(ModelReadError) -> TypeReference {
        let spelling = try TypeSpelling(parsing: typeText)
        return try reference(for: spelling, in: typeText)
    }

    private func reference(for spelling: TypeSpelling, in text: String) throws(ModelReadError) -> TypeReference {
        switch spelling {
        case .array(let element): return .array(try reference(for: element, in: text))
        case .optional(let wrapped): return .optional(try reference(for: wrapped, in: text))
        case .dictionary(let key, let value):
            return .dictionary(key: try reference(for: key, in: text), value: try reference(for: value, in: text))
        case .unsupported(let written):
            throw ModelReadError(message: "cannot read the type `\(text)`: `\(written)` is not a Codable type")
        case .named(let components):
            let name = components.map(\.name).joined(separator: ".")
            // Generic arguments may only be written on the last component (`Page<Todo>`).
            if components.dropLast().contains(where: { !$0.arguments.isEmpty }) {
                throw ModelReadError(
                    message:
                        "cannot read the type `\(text)`: only the last part of `\(name)` can take generic arguments")
            }
            var arguments: [TypeReference] = []
            for argument in components.last?.arguments ?? [] {
                arguments.append(try reference(for: argument, in: text))
            }
            if let type = self[name] {
                guard type.genericParameters.count == arguments.count else {
                    throw ModelReadError(message: genericMismatch(type, given: arguments.count))
                }
                return .named(name, arguments: arguments)
            }
            switch TypeReference.builtin(named: components.map(\.name), arguments: arguments) {
            case .type(let builtin)?: return builtin
            case .wrongArgumentCount(let expected)?:
                throw ModelReadError(
                    message:
                        "`\(name)` takes \(expected) generic argument\(expected == 1 ? "" : "s"), not \(arguments.count)"
                )
            case nil: throw ModelReadError(message: unknownTypeMessage(name))
            }
        }
    }

    private func genericMismatch(_ type: ModelType, given: Int) -> String {
        let parameters = type.genericParameters
        if parameters.isEmpty { return "`\(type.name)` is not generic: write `\(type.name)` without arguments" }
        let example = "\(type.name)<\(parameters.joined(separator: ", "))>"
        return "`\(type.name)` takes \(parameters.count) generic argument\(parameters.count == 1 ? "" : "s") "
            + "(`\(example)`), not \(given)"
    }

    /// "no model type named `Todu`; did you mean `Todo`? Types available: …".
    func unknownTypeMessage(_ name: String) -> String {
        var message = "no model type named `\(name)`"
        let close = closeNames(to: name)
        if !close.isEmpty {
            message += "; did you mean " + close.map { "`\($0)`" }.joined(separator: " or ") + "?"
        }
        let available = types.keys.sorted()
        if available.isEmpty {
            message += " (the model files declare no types)"
        } else {
            let shown = available.prefix(30).joined(separator: ", ")
            message +=
                (close.isEmpty ? ". " : " ") + "Types available: \(shown)"
                + (available.count > 30 ? ", … (\(available.count) in all)" : "")
        }
        return message
    }

    /// Declared names within a small edit distance of `name` (case-insensitive), or whose last
    /// component is `name` (`Attendee` for `SyncUp.Attendee`), closest first.
    func closeNames(to name: String) -> [String] {
        let wanted = Array(name.lowercased())
        var scored: [(distance: Int, name: String)] = []
        for candidate in types.keys {
            let lowered = candidate.lowercased()
            let lastComponent = lowered.split(separator: ".").last.map(String.init) ?? lowered
            let distance = min(editDistance(wanted, Array(lowered)), editDistance(wanted, Array(lastComponent)))
            if distance <= max(1, wanted.count / 3) { scored.append((distance, candidate)) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
    }
}

/// Levenshtein distance between two character arrays.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
