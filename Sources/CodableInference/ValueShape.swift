import CodableDates

/// What the samples held at one place of the records (a record's root, a property, the elements
/// of an array): how often each kind of value came, and the facts a Swift type is chosen by.
///
/// A class, so that the walk over a record updates the shapes in place: a run over many samples
/// keeps one shape tree, never the samples.
final class ValueShape {
    /// Values seen here, `null` included.
    var count = 0
    var nulls = 0
    var bools = 0
    var numbers = 0
    var strings = 0
    var arrays = 0
    /// Whether the place's name says it holds dates (`createdAt`, `expiry_date`): only then is
    /// a number read as a date.
    let isDateNamed: Bool

    /// Every number was an integer text that fits in `Int64`.
    var numbersAreIntegers = true
    /// Every number that is no integer parses as a `Double` (`1e400` does not).
    var numbersFitDouble = true
    /// The date class every number falls in (`AutoDateClassifier`), while they agree.
    var numberDateKind: DateKind?
    /// The numbers could all be dates of one class.
    var numbersAreDates = true

    /// Every string is an ISO-8601 date Foundation's `.iso8601` accepts.
    var stringsAreISO8601 = true
    /// Every string is a UUID `UUID(uuidString:)` accepts.
    var stringsAreUUIDs = true
    /// Every string is an absolute URL (`scheme://…`) that `URL(string:)` accepts.
    var stringsAreURLs = true

    /// The elements of every array here, merged.
    var element: ValueShape?
    /// The members of every object here, merged.
    var object: ObjectShape?

    init(isDateNamed: Bool) {
        self.isDateNamed = isDateNamed
    }

    /// Objects seen here.
    var objects: Int { object?.count ?? 0 }

    /// The kinds of non-null value seen, in a fixed order.
    var kinds: [Kind] {
        var kinds: [Kind] = []
        if bools > 0 { kinds.append(.bool) }
        if numbers > 0 { kinds.append(.number) }
        if strings > 0 { kinds.append(.string) }
        if arrays > 0 { kinds.append(.array) }
        if objects > 0 { kinds.append(.object) }
        return kinds
    }

    /// A kind of JSON value other than `null`.
    enum Kind: Hashable {
        case bool, number, string, array, object
    }
}

/// The members of the objects seen at one place, in the order keys first appeared.
final class ObjectShape {
    /// Objects seen.
    var count = 0
    /// Each key, in order of first appearance.
    var fields: [Field] = []
    /// Index in `fields` by key.
    var index: [String: Int] = [:]

    /// One key and what its values were.
    final class Field {
        let key: String
        let keyBytes: [UInt8]
        /// Objects that had this key.
        var present = 0
        /// The last object (`ObjectShape.count` then) that had it: a key twice in one object
        /// counts once.
        var lastObject = -1
        let shape: ValueShape

        init(key: String, keyBytes: [UInt8]) {
            self.key = key
            self.keyBytes = keyBytes
            shape = ValueShape(isDateNamed: DateNames.suggestsDate(key))
        }
    }
}
