import CodableDates
import CodableDecoding

/// One step of the coding path a value is decoded at, as far as date rules by path can tell steps
/// apart: a key or index that some rule names, or any other.
enum PathComponent: Hashable {
    /// A property, enum case or dictionary key.
    case key(String)
    /// A dictionary key that no rule names.
    case otherKey
    /// An array element that a rule names.
    case index(Int)
    /// An array element that no rule names.
    case otherIndex
}

extension SchemaBuilder {
    /// The strategy for a `Date` at `path`: the first date rule naming it, else the default strategy
    /// (`DatePathRule.matches`, on paths whose other keys and indices no rule names).
    func dateStrategy(at path: [PathComponent]?) -> DateStrategy {
        guard let path else { return options.defaultDates.strategy }
        let rule = options.dateRules.first { $0.steps.count == path.count && Self.matches($0.steps[...], path[...]) }
        return (rule?.codec ?? options.defaultDates).strategy
    }

    /// Whether some rule names a path strictly below `path`.
    func rulesReachBelow(_ path: [PathComponent]) -> Bool {
        options.dateRules.contains {
            $0.steps.count > path.count && Self.matches($0.steps.prefix(path.count), path[...])
        }
    }

    /// The dictionary keys rules name right below `path`, in the rules' order.
    func namedKeys(after path: [PathComponent]) -> [String] {
        var names: [String] = []
        for step in nextSteps(after: path) {
            if case .key(let name) = step, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The array indices rules name right below `path`.
    func namedElements(after path: [PathComponent]) -> [Int] {
        nextSteps(after: path).compactMap { step in
            if case .element(let index) = step { return index }
            return nil
        }
    }

    private func nextSteps(after path: [PathComponent]) -> [DatePathRule.Step] {
        options.dateRules.compactMap { rule in
            rule.steps.count > path.count && Self.matches(rule.steps.prefix(path.count), path[...])
                ? rule.steps[path.count] : nil
        }
    }

    private static func matches(_ steps: ArraySlice<DatePathRule.Step>, _ path: ArraySlice<PathComponent>) -> Bool {
        zip(steps, path).allSatisfy { step, component in
            switch (step, component) {
            case (.everyElement, _): return true
            case (.key(let name), .key(let key)): return name == key
            case (.element(let wanted), .index(let index)): return wanted == index
            default: return false
            }
        }
    }
}
