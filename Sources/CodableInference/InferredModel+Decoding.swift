import CodableDates
import CodableDecoding

extension InferredModel {
    /// The options that decode as the generated `decoder` does: its date and key strategies
    /// (each date property carries its own strategy too, as its wrapper does in the source).
    public var decodingOptions: DecodingOptions {
        DecodingOptions(
            keys: convertsFromSnakeCase ? .convertFromSnakeCase : .useDefaultKeys,
            defaultDates: DateCodec(dateStrategy ?? .reference))
    }
}
