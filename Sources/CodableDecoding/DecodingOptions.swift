import CodableDates
import CodableParsing

/// The strategies a decode runs with: `JSONDecoder`'s on the way in, `JSONEncoder`'s on the way
/// out, and how the output is laid out.
public struct DecodingOptions: Sendable {
    /// How JSON keys are matched to properties (`JSONDecoder.keyDecodingStrategy`).
    public enum KeyStrategy: Sendable, Hashable {
        /// Keys as written (`.useDefaultKeys`).
        case useDefaultKeys
        /// `first_name` matches `firstName` (`.convertFromSnakeCase`); the output keeps the
        /// property names, as `JSONEncoder` with `.useDefaultKeys` writes them.
        case convertFromSnakeCase
    }

    /// How `Data` is written (`JSONDecoder.dataDecodingStrategy` and the matching encoding).
    public enum DataStrategy: String, Sendable, Hashable, CaseIterable {
        /// A base64 string (`.base64`, the default).
        case base64
        /// `Data`'s own `Codable`: an array of bytes (`.deferredToData`).
        case deferred
    }

    /// The strings that stand for non-finite floats
    /// (`.convertFromString(positiveInfinity:negativeInfinity:nan:)`, and
    /// `.convertToString` with the same strings on the way out).
    public struct NonConformingFloats: Sendable, Hashable {
        /// The string for `+infinity`.
        public var positiveInfinity: String
        /// The string for `-infinity`.
        public var negativeInfinity: String
        /// The string for NaN.
        public var nan: String

        /// Creates the three strings.
        public init(positiveInfinity: String, negativeInfinity: String, nan: String) {
            self.positiveInfinity = positiveInfinity
            self.negativeInfinity = negativeInfinity
            self.nan = nan
        }
    }

    /// Key matching.
    public var keys: KeyStrategy
    /// How dates are read where the model does not fix a strategy: by path, else `defaultDates`.
    public var dateRules: [DatePathRule]
    /// The strategy for dates that no rule names (`reference`, as `JSONDecoder`'s default).
    public var defaultDates: DateCodec
    /// How dates are written (`iso8601` by default).
    public var outputDates: DateCodec
    /// How `Data` is read and written.
    public var data: DataStrategy
    /// Non-finite floats as strings, or nil to refuse them (`.throw`).
    public var nonConformingFloats: NonConformingFloats?
    /// Layout of the output.
    public var writer: JSONWriterOptions

    /// Creates options; the defaults are `JSONDecoder()`'s and `JSONEncoder()`'s, with ISO-8601
    /// dates on output.
    public init(
        keys: KeyStrategy = .useDefaultKeys, dateRules: [DatePathRule] = [],
        defaultDates: DateCodec = DateCodec(.reference), outputDates: DateCodec = DateCodec(.iso8601),
        data: DataStrategy = .base64, nonConformingFloats: NonConformingFloats? = nil,
        writer: JSONWriterOptions = JSONWriterOptions()
    ) {
        self.keys = keys
        self.dateRules = dateRules
        self.defaultDates = defaultDates
        self.outputDates = outputDates
        self.data = data
        self.nonConformingFloats = nonConformingFloats
        self.writer = writer
    }
}

/// A date strategy for the `Date` values at some coding paths (`PATH=STRATEGY`).
///
/// Paths are matched on the decoded coding path: property keys (the Swift names) and array
/// indices, so `events[].at` names the `at` of every element of `events`.
public struct DatePathRule: Sendable {
    /// One step of a path.
    public enum Step: Sendable, Hashable {
        /// A property or dictionary key.
        case key(String)
        /// Every element of an array, set or dictionary.
        case everyElement
        /// One element (0-based).
        case element(Int)
    }

    /// The steps, outermost first.
    public var steps: [Step]
    /// How values there are read.
    public var codec: DateCodec

    /// Creates a rule.
    public init(steps: [Step], codec: DateCodec) {
        self.steps = steps
        self.codec = codec
    }

    /// Whether the rule names `path`.
    func matches(_ path: [CodingPathComponent]) -> Bool {
        guard path.count == steps.count else { return false }
        for (step, component) in zip(steps, path) {
            switch (step, component) {
            case (.key(let name), .key(let key)): if name != key { return false }
            case (.everyElement, .index), (.everyElement, .key): continue
            case (.element(let wanted), .index(let index)): if wanted != index { return false }
            default: return false
            }
        }
        return true
    }
}
