import CodableDates
import CodableDecoding
import CodableModels

/// Turns the shape of the samples into models: one pass counts the date fields' strategies
/// (the decoder gets the most common one), a second declares the types.
struct ModelBuilder {
    let convertsFromSnakeCase: Bool
    private(set) var models = ModelSet()
    private(set) var wrappers: Set<DateWrapper> = []
    private(set) var usesJSONValue = false
    private(set) var dateStrategy: DateStrategy?
    private let origin = SourceOrigin(file: "<inferred>", line: 1, column: 1)

    init(convertsFromSnakeCase: Bool) {
        self.convertsFromSnakeCase = convertsFromSnakeCase
    }

    /// The strategy one strategy reads every value of `shape` with, when its values are all
    /// dates of one kind.
    static func dateStrategy(of shape: ValueShape) -> DateStrategy? {
        switch shape.kinds {
        case [.number] where shape.numbersAreDates:
            switch shape.numberDateKind {
            case .seconds?: return .seconds
            case .milliseconds?: return .milliseconds
            case .reference?: return .reference
            default: return nil
            }
        case [.string] where shape.stringsAreISO8601: return .iso8601
        default: return nil
        }
    }

    /// Counts the places of each date strategy under `shape`.
    static func countDates(_ shape: ValueShape, into counts: inout [DateStrategy: Int]) {
        if let strategy = dateStrategy(of: shape) { counts[strategy, default: 0] += 1 }
        if let element = shape.element { countDates(element, into: &counts) }
        for field in shape.object?.fields ?? [] { countDates(field.shape, into: &counts) }
    }

    /// Builds the root struct `name` from the objects in `shape`.
    mutating func build(root shape: ValueShape, named name: String) -> StructDeclaration {
        var counts: [DateStrategy: Int] = [:]
        Self.countDates(shape, into: &counts)
        // The most common strategy; ties go to the first in `DateWrapper.strategies`.
        if let top = counts.values.max() {
            dateStrategy = DateWrapper.strategies.first { counts[$0] == top }
        }
        return structure(shape.object ?? ObjectShape(), named: name, qualified: name, ancestors: [name])
    }

    /// Declares the struct for the objects of one place (and its nested types).
    private mutating func structure(
        _ object: ObjectShape, named name: String, qualified: String, ancestors: Set<String>
    ) -> StructDeclaration {
        var declaration = StructDeclaration(name: name)
        var taken: Set<String> = ["CodingKeys"]
        if ancestors.count == 1 { taken.insert("decoder") }
        var names: [String] = []
        var fields: [ObjectShape.Field] = []
        var codingKeys: Set<String> = []
        for field in object.fields {
            let codingKey = convertsFromSnakeCase ? SnakeCase.convertFromSnakeCase(field.key) : field.key
            // Two keys that .convertFromSnakeCase makes one (`a_b`, `aB`) cannot both be
            // properties: CodingKeys' raw values must differ.
            guard codingKeys.insert(codingKey).inserted else {
                declaration.omitted.append(
                    "Left out: \(SupportSource.literal(field.key)) reads as \(SupportSource.literal(codingKey)) too after .convertFromSnakeCase."
                )
                continue
            }
            fields.append(field)
            let name =
                SwiftNames.isIdentifier(codingKey) && !taken.contains(codingKey)
                ? codingKey : InferredNames.unique(InferredNames.propertyName(madeFrom: codingKey), in: taken)
            taken.insert(name)
            names.append(name)
        }
        var properties: [Property] = []
        var scope = Scope(taken: taken.union(ancestors).union(InferredNames.reservedTypeNames), qualified: qualified)
        for (field, name) in zip(fields, names) {
            let codingKey = convertsFromSnakeCase ? SnakeCase.convertFromSnakeCase(field.key) : field.key
            var resolved = resolve(
                field.shape, typeName: InferredNames.typeName(for: field.key), scope: &scope, ancestors: ancestors,
                isProperty: true)
            let isOptional = field.present < object.count || field.shape.nulls > 0
            if isOptional {
                resolved.reference = .optional(resolved.reference)
                resolved.spelling += "?"
            }
            let wrapper = resolved.wrapped.map { DateWrapper(strategy: $0, isOptional: isOptional) }
            if let wrapper { wrappers.insert(wrapper) }
            declaration.properties.append(
                PropertyDeclaration(
                    name: name, codingKey: codingKey, spelling: resolved.spelling, wrapper: wrapper,
                    note: resolved.note))
            properties.append(Property(name: name, key: codingKey, type: resolved.reference, origin: origin))
        }
        declaration.nested = scope.nested
        models.insert(ModelType(name: qualified, shape: .structure(properties), origin: origin))
        return declaration
    }

    /// The names taken in one struct and the types declared in it so far.
    struct Scope {
        var taken: Set<String>
        let qualified: String
        var nested: [NestedDeclaration] = []

        mutating func claim(_ base: String) -> String {
            let name = InferredNames.unique(base, in: taken)
            taken.insert(name)
            return name
        }
    }

    /// A type for one place.
    struct Resolved {
        var reference: TypeReference
        var spelling: String
        /// The date strategy a wrapper must read it with (not the decoder's).
        var wrapped: DateStrategy?
        var note: String?
    }

    /// The type of the values at one place: `typeName` names a struct or union it needs;
    /// `isProperty`, a property's own type (a date wrapper applies only there).
    private mutating func resolve(
        _ shape: ValueShape, typeName: String, scope: inout Scope, ancestors: Set<String>, isProperty: Bool
    ) -> Resolved {
        let kinds = shape.kinds
        if let strategy = Self.dateStrategy(of: shape), strategy == dateStrategy || isProperty {
            return Resolved(
                reference: .date(strategy: strategy), spelling: "Date",
                wrapped: strategy == dateStrategy ? nil : strategy,
                note: strategy == dateStrategy ? nil : "Dates as \(strategy.name), unlike the decoder's.")
        }
        switch kinds {
        case []:
            usesJSONValue = true
            let note = shape.count == 0 ? "No value in the samples." : "Always null in the samples: any value decodes."
            return Resolved(reference: .json, spelling: "JSONValue", note: note)
        case [.bool]: return Resolved(reference: .bool, spelling: "Bool")
        case [.number]:
            let (reference, spelling) = Self.numberType(shape)
            return Resolved(reference: reference, spelling: spelling)
        case [.string]:
            if shape.stringsAreUUIDs { return Resolved(reference: .uuid, spelling: "UUID") }
            if shape.stringsAreURLs { return Resolved(reference: .url, spelling: "URL") }
            return Resolved(reference: .string, spelling: "String")
        case [.array]:
            guard let element = shape.element, element.count > 0 else {
                usesJSONValue = true
                return Resolved(
                    reference: .array(.json), spelling: "[JSONValue]",
                    note: "Always empty in the samples: [JSONValue] decodes any elements.")
            }
            var inner = resolve(
                element, typeName: InferredNames.singular(typeName), scope: &scope, ancestors: ancestors,
                isProperty: false)
            if element.nulls > 0 && !element.kinds.isEmpty {
                inner.reference = .optional(inner.reference)
                inner.spelling += "?"
            }
            return Resolved(reference: .array(inner.reference), spelling: "[\(inner.spelling)]", note: inner.note)
        case [.object]:
            let name = scope.claim(typeName)
            let declaration = structure(
                shape.object!, named: name, qualified: scope.qualified + "." + name,
                ancestors: ancestors.union([name]))
            scope.nested.append(.structure(declaration))
            return Resolved(reference: .named(scope.qualified + "." + name, arguments: []), spelling: name)
        default:
            let described = kinds.map(Self.phrase).joined(separator: ", ")
            guard !kinds.contains(.array) && !kinds.contains(.object) else {
                usesJSONValue = true
                return Resolved(
                    reference: .json, spelling: "JSONValue",
                    note: "Samples disagree (\(described)): JSONValue decodes each.")
            }
            var cases: [(name: String, type: String)] = []
            if kinds.contains(.bool) { cases.append(("bool", "Bool")) }
            if kinds.contains(.number) {
                let spelling = Self.numberType(shape).spelling
                cases.append((spelling == "Int" ? "int" : spelling == "Double" ? "double" : "decimal", spelling))
            }
            if kinds.contains(.string) { cases.append(("string", "String")) }
            let name = scope.claim(typeName)
            let note = "Samples disagree (\(described)): each case decodes one of them."
            scope.nested.append(.union(UnionDeclaration(name: name, cases: cases, note: note)))
            return Resolved(reference: .json, spelling: name)
        }
    }

    /// `Int` when every number is an integer within `Int64`, else `Double`, else `Decimal`
    /// (a number `Double` cannot hold, such as `1e400`).
    private static func numberType(_ shape: ValueShape) -> (TypeReference, spelling: String) {
        if shape.numbersAreIntegers { return (.integer(.int), "Int") }
        if shape.numbersFitDouble { return (.double, "Double") }
        return (.decimal, "Decimal")
    }

    private static func phrase(_ kind: ValueShape.Kind) -> String {
        switch kind {
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
