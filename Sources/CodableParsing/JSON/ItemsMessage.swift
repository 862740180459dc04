/// What is wrong when a value holds no array of records where the items path points; the
/// envelope walker, the page reader and the YAML envelope reader say it alike.
public enum ItemsMessage {
    /// The input holds no value at all.
    public static func noValue(path: String) -> String {
        "the page holds no value; expected one with an array at '\(path)'"
    }

    /// The value has nothing at the path.
    public static func noArray(path: String) -> String {
        "no '\(path)' array in this page value"
    }

    /// The value has something else than an array at the path.
    public static func notAnArray(path: String, found kind: JSONNode.Kind) -> String {
        "'\(path)' is \(kind.phrase), not an array"
    }
}
